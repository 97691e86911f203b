import { createStore } from '../store';
import type { OutboxEntity, OutboxEntry } from './mirror-db';

/**
 * The mirror's outbox as the screens need it (src/data/mirror/pending-overlay.ts): its entries,
 * oldest first, and per entity how many changes have left it (sent, or dropped by the user), so
 * that a screen showing an API answer can ask again for the server's row. Apart from
 * sync-status.ts, which the sign-in page loads (the toolbar's status): only signed-in screens need it.
 */
export interface OutboxState {
  entries: readonly OutboxEntry[];
  left: Partial<Record<OutboxEntity, number>>;
}
export const outboxStore = createStore<OutboxState>({ entries: [], left: {} });

/** Takes the outbox's new entries, counting per entity those that left it since the last ones. */
export function setOutboxEntries(entries: readonly OutboxEntry[]): void {
  outboxStore.update(({ entries: before, left }) => {
    const now = new Set(entries.map((entry) => entry.id));
    const counted = { ...left };
    for (const entry of before) {
      if (!now.has(entry.id)) counted[entry.entity] = (counted[entry.entity] ?? 0) + 1;
    }
    return { entries, left: counted };
  });
}
