import type { Message, MessageKind } from '../../../contract/schemas/message';
import { useReloadEvent, useSocketEvent } from '../../data/session/socket';
import type { DataState, ReadingKinds } from './use-lifts';

export interface MessagePage {
  messages: Message[];
  count: number;
}

/** The kinds the lift detail's API lists hold (`getDetailedMsgs`, and `getStatsMsgs` on the stats tab). */
const LISTED_KINDS: Record<ReadingKinds, readonly MessageKind[]> = {
  events: ['error', 'info'],
  stats: ['stats'],
};

const newestFirst = (a: Message, b: Message) =>
  a.at === b.at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.at < b.at ? 1 : -1;

/**
 * A pushed reading applied to a shown page of the API list (newest first): a shown row is
 * replaced unless it is newer; a new reading (version 1) counts and, on the first page, comes in
 * at its place. A changed reading that is not shown (notes on an older one) leaves the page alone.
 */
export function mergeLiveMessage(
  current: MessagePage | null,
  message: Message,
  { firstPage, pageSize, kinds = 'events' }: { firstPage: boolean; pageSize: number; kinds?: ReadingKinds },
): MessagePage | null {
  if (!current) return current;
  const index = current.messages.findIndex((shown) => shown.id === message.id);
  if (index >= 0) {
    if ((current.messages[index]?.version ?? 0) > message.version) return current;
    const messages = [...current.messages];
    messages[index] = message;
    return { ...current, messages };
  }
  if (message.version > 1 || !LISTED_KINDS[kinds].includes(message.kind)) return current;
  if (!firstPage) return { ...current, count: current.count + 1 };
  return {
    messages: [...current.messages, message].sort(newestFirst).slice(0, pageSize),
    count: current.count + 1,
  };
}

/**
 * Keeps a lift's shown messages live while they come from the API (no mirror yet): `lift:message`
 * rows of this lift go into the page at once, and a `reload` naming this lift's messages (readings
 * deleted) fetches the page again. From the mirror nothing is to do: the sync engine writes the
 * rows there and the page follows the mirror.
 */
export function useLiveMessages(
  liftId: string,
  messages: DataState<MessagePage>,
  { page, pageSize, kinds = 'events' }: { page: number; pageSize: number; kinds?: ReadingKinds },
): void {
  useSocketEvent('lift:message', (message) => {
    if (messages.fromMirror || message.liftId !== liftId) return;
    messages.setData((current) =>
      mergeLiveMessage(current, message, { firstPage: page === 1, pageSize, kinds }),
    );
  });
  useReloadEvent('messages', ({ liftIds }) => {
    if (!messages.fromMirror && liftIds.includes(liftId)) messages.reload();
  });
}
