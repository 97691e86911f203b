import type { ConnectedController, DeviceTraffic } from './console';
import type { MIRRORED_TABLES, MirroredTableName } from './mirrored-tables';
import type { Role } from './roles';
import type { Alarm } from './schemas/alarm';
import type { ChatMessage, ChatMessageInput, ChatSendAnswer, ChatTypingInput } from './schemas/chat';
import type { Lift } from './schemas/lift';
import type { Message } from './schemas/message';

/** Handshake `auth` of a user socket. */
export interface UserSocketAuth {
  token: string;
}

export interface OnlineUser {
  id: string;
  displayName: string;
  role: Role;
}

/**
 * Entities the browser mirrors (docs/sync.md): a `reload` of one of them makes it pull. Besides
 * the tables, the settings the PWA reads, which come with every pull page.
 */
export type MirroredReloadEntity = MirroredTableName | 'settings';

/**
 * A `reload` of a mirrored table, by its scope (contract/mirrored-tables.ts). Rows of every
 * signed-in user's tables name nothing; lifts changed in a way no `lift` event carries name their
 * `ids` when the server knows them; a lift's children (readings deleted or changed without a
 * `lift:message`, files added or deleted, visits recorded) name their lifts, only those the user sees.
 */
type MirroredTableReload = {
  [N in MirroredTableName]: (typeof MIRRORED_TABLES)[N]['scope'] extends 'liftChild'
    ? { entity: N; liftIds: string[] }
    : (typeof MIRRORED_TABLES)[N]['scope'] extends 'visibleLifts'
      ? { entity: N; ids?: string[] }
      : { entity: N };
}[MirroredTableName];

/**
 * What a `reload` names. Mirrored entities make the sync engine pull; `users` makes the screens
 * that list users fetch again. A client ignores an entity it does not know.
 */
export type ReloadChange =
  | MirroredTableReload
  /** The settings document changed (every signed-in user mirrors what the PWA reads of it). */
  | { entity: 'settings' }
  /** Users were created, changed, deleted or registered. */
  | { entity: 'users' };
export type ReloadEntity = ReloadChange['entity'];

export interface ServerToClientEvents {
  /** Everyone who is online now, sent to each user socket whenever it changes. */
  users: (online: OnlineUser[]) => void;
  /** Something the client shows changed on the server; pull or refetch `entity`. */
  reload: (change: ReloadChange) => void;
  /** The server ends this session (token revoked, account disabled). */
  logout: () => void;
  /** The new state of a lift in the user's scope, whenever it changes (docs/realtime.md). */
  lift: (lift: Lift) => void;
  /**
   * A reading of a lift in the user's scope, as the API shows it: new (committed from the
   * controller) or changed (notes). Not the chat's `message`.
   */
  'lift:message': (message: Message) => void;
  /** An alarm of a lift the user sees was opened, acknowledged or closed (docs/alarms.md). */
  'lift:alarm': (alarm: Alarm) => void;
  /** A lift left the user's scope or was deleted. */
  'lift:removed': (change: { id: string }) => void;
  /** To devs only: the controllers connected now, whenever it changes. */
  controllers: (connected: ConnectedController[]) => void;
  /** To devs only: every reading and every message to a controller, as it passes. */
  'device:traffic': (traffic: DeviceTraffic) => void;
  /** A chat message to this user, or one he sent from another tab or through REST. */
  message: (message: ChatMessage) => void;
  /** A contact started or stopped typing to this user. */
  typing: (change: { userId: string; typing: boolean }) => void;
}

export interface ClientToServerEvents {
  /** The user signs out: the server drops the socket from the online list. */
  logout: () => void;
  /** Sends a chat message; the answer carries the stored message or why it was refused. */
  message: (input: ChatMessageInput, ack: (answer: ChatSendAnswer) => void) => void;
  /** The user started or stopped typing to a contact. */
  typing: (input: ChatTypingInput) => void;
}

/** Reasons the server gives when it refuses a handshake (`connect_error.message`). */
export const SOCKET_AUTH_ERROR = 'Invalid access_token';
