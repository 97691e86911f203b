import { useEffect, useMemo, useRef } from 'react';
import { MIRRORED_TABLE_NAMES, MIRRORED_TABLES } from '../../../contract/mirrored-tables';
import { useStore } from '../store';
import type { OutboxEntity, OutboxEntry } from './mirror-db';
import { outboxStore } from './outbox-state';

/**
 * Changes waiting in the outbox, laid over rows whatever their source: the mirror's pull, the
 * socket, and the API's answers (fetched, or from the service worker's cache while offline). A
 * change the user made therefore shows as done on every screen, after reloads too, until the
 * server's own row takes its place (docs/sync.md#what-screens-show).
 */

/** Kept by the server alone. */
const SERVER_FIELDS = new Set(['id', 'version', 'updatedAt']);

const rowFieldsOf = new Map<OutboxEntity, ReadonlySet<string>>(
  MIRRORED_TABLE_NAMES.flatMap((name) => {
    const { outboxEntity, row } = MIRRORED_TABLES[name];
    return outboxEntity === null ? [] : [[outboxEntity, new Set(Object.keys(row.entries))] as const];
  }),
);

export const entityKey = (entity: OutboxEntity, id: string) => `${entity}:${id}`;

/**
 * The fields a change sets on its row: its `patch`, else its request body, limited to the fields of
 * the entity's row schema (a `baseVersion` or an `ids` list is not one of them).
 */
export function rowPatch(entry: Pick<OutboxEntry, 'body' | 'entity' | 'patch'>): Record<string, unknown> {
  const fields = rowFieldsOf.get(entry.entity) ?? new Set<string>();
  return Object.fromEntries(
    Object.entries(entry.patch ?? entry.body).filter(([key]) => fields.has(key) && !SERVER_FIELDS.has(key)),
  );
}

type Pending = Pick<OutboxEntry, 'body' | 'entity' | 'entityId' | 'patch' | 'effect'>;

/** A row with one pending change laid on top; null when the change deletes it. */
function overlay<T extends { id: string }>(row: T, entry: Pending): T | null {
  if (entry.effect === 'delete') return null;
  if (entry.effect === 'patch') return { ...row, ...rowPatch(entry) } as T;
  return row;
}

/** The pending changes by `entity:id`, oldest first. */
export function pendingByEntity(entries: readonly Pending[]): Map<string, Pending[]> {
  const byEntity = new Map<string, Pending[]>();
  for (const entry of entries) {
    const key = entityKey(entry.entity, entry.entityId);
    byEntity.set(key, [...(byEntity.get(key) ?? []), entry]);
  }
  return byEntity;
}

/** Rows with their pending changes laid on top, in order; rows a change deletes are left out. */
export function overlayAll<T extends { id: string }>(
  rows: readonly T[],
  entity: OutboxEntity,
  byEntity: Map<string, Pending[]>,
): T[] {
  const result: T[] = [];
  for (const row of rows) {
    let current: T | null = row;
    for (const entry of byEntity.get(entityKey(entity, row.id)) ?? []) {
      if (current) current = overlay(current, entry);
    }
    if (current) result.push(current);
  }
  return result;
}

/** The outbox's entries (oldest first) as the shell knows them; empty without a mirror. */
export const usePendingChanges = () => useStore(outboxStore).entries;

/**
 * `rows` (from the API or the mirror) with the user's waiting changes of `entity` laid on top;
 * the same array while none waits, so memoised screens do not redraw.
 */
export function usePendingOverlay<T extends { id: string }>(entity: OutboxEntity, rows: readonly T[]): T[];
export function usePendingOverlay<T extends { id: string }>(
  entity: OutboxEntity,
  rows: readonly T[] | null,
): T[] | null;
export function usePendingOverlay<T extends { id: string }>(
  entity: OutboxEntity,
  rows: readonly T[] | null,
): T[] | null {
  const entries = usePendingChanges();
  return useMemo(() => {
    if (rows === null) return null;
    const mine = entries.filter((entry) => entry.entity === entity);
    return mine.length === 0 ? (rows as T[]) : overlayAll(rows, entity, pendingByEntity(mine));
  }, [entries, entity, rows]);
}

/** One row with the user's waiting changes laid on top (null: the change deletes it). */
export function usePendingRow<T extends { id: string }>(entity: OutboxEntity, row: T | null | undefined) {
  const rows = useMemo(() => (row ? [row] : null), [row]);
  const shown = usePendingOverlay(entity, rows);
  if (row === undefined) return undefined;
  return shown ? (shown[0] ?? null) : null;
}

/**
 * Calls `reload` whenever a change of `entity` has left the outbox (the server took it, or the
 * user dropped it): a screen showing an API answer then shows the server's row without a manual
 * reload, rather than the answer it had before the change was sent.
 */
export function useReloadWhenSent(entity: OutboxEntity, reload: () => void): void {
  const left = useStore(outboxStore).left[entity] ?? 0;
  const latest = useRef(reload);
  latest.current = reload;
  const seen = useRef(left);
  useEffect(() => {
    if (seen.current === left) return;
    seen.current = left;
    latest.current();
  }, [left]);
}
