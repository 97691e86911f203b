import Dexie, { type EntityTable } from 'dexie';
import type { Description } from '../../../contract/schemas/description';
import type { Lift } from '../../../contract/schemas/lift';
import type { Message } from '../../../contract/schemas/message';

export type OutboxEntity = 'lift' | 'message' | 'description';
export type OutboxStatus = 'pending' | 'failed' | 'conflict';

/** One mutation as the REST call it will make (docs/sync.md). */
export interface OutboxEntry {
  id: string;
  /** Replay order: entries are sent oldest first. */
  seq?: number;
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string;
  baseVersion?: number;
  entity: OutboxEntity;
  entityId: string;
  /** What the change does to the mirror, re-applied on top of pulled rows until it is sent. */
  effect: 'patch' | 'delete' | 'create';
  /** The row as it was before the change, to put back when the user drops it. */
  previous?: Lift | Message | Description | null;
  createdAt: string;
  /** Made while the browser had no network: its delivery is told to the user. */
  madeOffline?: true;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  /** The server's reason for a failed change (a contract MSG text). */
  error?: string;
  /** The server's version of the record, for a conflict. */
  current?: Lift | Message | Description;
}

export interface MetaRow<T = unknown> {
  key: 'cursor' | 'lastSyncAt' | 'persisted' | 'serverTime';
  value: T;
}

/** The signed-in user's offline copy of lifts, descriptions and recent messages, and the outbox. */
export class MirrorDb extends Dexie {
  lifts!: EntityTable<Lift, 'id'>;
  descriptions!: EntityTable<Description, 'id'>;
  messages!: EntityTable<Message, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;

  constructor(name: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      lifts: 'id, uid, address',
      descriptions: 'id, number',
      messages: 'id, liftId, at, [liftId+at], [kind+at], [kind+code]',
      meta: 'key',
      outbox: 'id, &seq, status, [entity+entityId]',
    });
  }
}

/** One database per user, so that two people sharing a device never see each other's data. */
export const mirrorName = (userId: string) => `lift-portal-mirror-${userId}`;
