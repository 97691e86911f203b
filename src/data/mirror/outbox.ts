import { type EndpointDefinition, pathOf, type RequestOf } from '../../../contract/api/endpoint';
import {
  LIFT_CHILD_TABLES,
  MIRRORED_TABLE_NAMES,
  MIRRORED_TABLES,
  type MirroredRowOf,
  type MirroredTableName,
} from '../../../contract/mirrored-tables';
import {
  type MirrorDb,
  type MirroredRow,
  mirroredStore,
  OUTBOX_TABLES,
  type OutboxEntity,
  type OutboxEntry,
} from './mirror-db';
import { entityKey, overlayAll, pendingByEntity, rowPatch } from './pending-overlay';

type Row = MirroredRow;

/** What a screen asks for: the REST call and what it does to the mirror at once. */
export interface ChangeRequest {
  method: OutboxEntry['method'];
  path: string;
  body: Record<string, unknown>;
  entity: OutboxEntity;
  entityId: string;
  effect: OutboxEntry['effect'];
  /** For a `patch` whose body does not carry what it changes: the fields to show at once. */
  patch?: Record<string, unknown>;
  baseVersion?: number;
  /** For `create`: the row to show until the server answers (with a temporary id). */
  row?: Row;
}

/**
 * The REST part of a change, from an entry of the API table (contract/api/) and its typed request:
 * the outbox stores the call as data, and nobody writes its method or path by hand.
 */
export function outboxCall<E extends EndpointDefinition & { method: OutboxEntry['method'] }>(
  endpoint: E,
  request: RequestOf<E>,
): Pick<ChangeRequest, 'method' | 'path' | 'body'> {
  const { params, body } = request as { params?: Record<string, unknown>; body?: Record<string, unknown> };
  // A call without a body (an acknowledge) sends an empty object.
  return { method: endpoint.method, path: pathOf(endpoint, params), body: body ?? {} };
}

/** The answer of one attempt, classified. */
export type SendResult =
  | { kind: 'ok'; body: unknown }
  | { kind: 'conflict'; message: string; current?: Row }
  | { kind: 'failed'; message: string }
  | { kind: 'retry'; retryAfterMs?: number; unreachable?: boolean };

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;
/** Ids of rows made offline start with this until the server gives them a real one. */
export const LOCAL_ID_PREFIX = 'local-';
/** A change older than this when it is sent had to wait (offline, server away). */
const WAITED_MS = 5000;
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The store of the table whose rows an entity names. */
const tableOf = (db: MirrorDb, entity: OutboxEntity) => db.table<Row, string>(OUTBOX_TABLES[entity]);

/** Puts a row into the table of its entity. */
function putRow(db: MirrorDb, entity: OutboxEntity, row: Row): Promise<unknown> {
  return tableOf(db, entity).put(row);
}

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Exponential backoff: 1 s, 2 s, 4 s … capped at a minute, with a little jitter. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const plain = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.85 + 0.3 * random()));
}

async function pendingOf(db: MirrorDb) {
  return pendingByEntity(await db.outbox.orderBy('seq').toArray());
}

/**
 * Lays the user's unsent changes on rows the server sent, so a pull never hides them: answers a
 * table's rows as the mirror shows them. The outbox is read once, now.
 */
export async function pendingChangesOverlay(db: MirrorDb) {
  const byEntity = await pendingOf(db);
  return <N extends MirroredTableName>(table: N, rows: MirroredRowOf<N>[]): MirroredRowOf<N>[] => {
    const entity = MIRRORED_TABLES[table].outboxEntity;
    return entity === null || byEntity.size === 0 ? rows : overlayAll(rows, entity, byEntity);
  };
}

/** Writes a row the server sent, under any changes still waiting for that row. */
async function putServerRow(db: MirrorDb, entity: OutboxEntity, row: Row): Promise<void> {
  const [shown] = overlayAll([row], entity, await pendingOf(db));
  if (shown) await putRow(db, entity, shown);
  else await tableOf(db, entity).delete(row.id);
}

/** Removes a row; a lift takes its children with it. */
async function removeRow(db: MirrorDb, entity: OutboxEntity, id: string): Promise<void> {
  await tableOf(db, entity).delete(id);
  if (MIRRORED_TABLES[OUTBOX_TABLES[entity]].scope === 'visibleLifts') {
    for (const child of LIFT_CHILD_TABLES) await mirroredStore(db, child).where('liftId').equals(id).delete();
  }
}

const allTables = (db: MirrorDb) => [
  ...MIRRORED_TABLE_NAMES.map((name) => mirroredStore(db, name)),
  db.outbox,
];

/**
 * Stores a change and applies it to the mirror at once (optimistic). A change to a row whose earlier
 * change was rejected replaces that one (the user fixed it), with a new key: the old key's answer
 * was the rejection.
 */
export async function enqueueChange(db: MirrorDb, request: ChangeRequest, now = Date.now()): Promise<string> {
  return db.transaction('rw', allTables(db), async () => {
    const table = tableOf(db, request.entity);
    const previous = ((await table.get(request.entityId)) as Row | undefined) ?? null;
    const sameEntity = await db.outbox
      .where('[entity+entityId]')
      .equals([request.entity, request.entityId])
      .toArray();

    // An offline-made row not sent yet: change or drop its `create` instead of queueing more.
    const unsentCreate = sameEntity.find((entry) => entry.effect === 'create' && entry.attempts === 0);
    if (unsentCreate && request.effect !== 'create') {
      if (request.effect === 'delete') {
        await db.outbox.delete(unsentCreate.id);
        await removeRow(db, request.entity, request.entityId);
      } else {
        const body = { ...unsentCreate.body, ...rowPatch(request) };
        await db.outbox.update(unsentCreate.id, { body, status: 'pending', error: undefined });
        if (previous) await putRow(db, request.entity, { ...previous, ...rowPatch(request) } as Row);
      }
      return unsentCreate.id;
    }

    const rejected = sameEntity.find(
      (entry) => entry.status === 'failed' && entry.effect === 'patch' && entry.path === request.path,
    );
    if (rejected && request.effect === 'patch') {
      await db.outbox.update(rejected.id, {
        body: { ...rejected.body, ...request.body },
        ...(request.baseVersion === undefined ? {} : { baseVersion: request.baseVersion }),
        idempotencyKey: newIdempotencyKey(),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        error: undefined,
      });
      if (previous) await putRow(db, request.entity, { ...previous, ...rowPatch(request) } as Row);
      return rejected.id;
    }

    const last = await db.outbox.orderBy('seq').last();
    const entry: OutboxEntry = {
      id: newIdempotencyKey(),
      seq: (last?.seq ?? 0) + 1,
      method: request.method,
      path: request.path,
      body: request.body,
      idempotencyKey: newIdempotencyKey(),
      ...(request.baseVersion === undefined ? {} : { baseVersion: request.baseVersion }),
      entity: request.entity,
      entityId: request.entityId,
      effect: request.effect,
      ...(request.patch ? { patch: request.patch } : {}),
      previous,
      createdAt: new Date(now).toISOString(),
      ...(isOffline() ? { madeOffline: true } : {}),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
    };
    await db.outbox.add(entry);
    if (request.effect === 'create' && request.row) await putRow(db, request.entity, request.row);
    else if (request.effect === 'delete') await removeRow(db, request.entity, request.entityId);
    else if (previous) await putRow(db, request.entity, { ...previous, ...rowPatch(request) } as Row);
    return entry.id;
  });
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && typeof (value as Row).id === 'string';
}

/** A 2xx: the change is done. Its answer goes into the mirror; later changes build on it. */
async function settle(db: MirrorDb, entry: OutboxEntry, answer: unknown): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    await db.outbox.delete(entry.id);
    const later = await db.outbox.where('[entity+entityId]').equals([entry.entity, entry.entityId]).toArray();
    if (entry.effect === 'create' && isRow(answer)) {
      // The server named the row: the temporary id goes, and so does every mention of it.
      await tableOf(db, entry.entity).delete(entry.entityId);
      for (const next of later) {
        await db.outbox.update(next.id, {
          entityId: answer.id,
          path: next.path.replace(entry.entityId, answer.id),
        });
      }
    }
    if (entry.effect !== 'delete' && isRow(answer)) {
      const version = (answer as { version?: number }).version;
      // A second edit made on the same old version now builds on the version just written.
      for (const next of later) {
        if (version !== undefined && next.baseVersion === entry.baseVersion && next.status === 'pending') {
          await db.outbox.update(next.id, {
            baseVersion: version,
            body: { ...next.body, baseVersion: version },
          });
        }
      }
      await putServerRow(db, entry.entity, answer);
    }
  });
}

export interface ReplayOutcome {
  sent: number;
  /**
   * Of `sent`, the changes that had waited (made offline, or tried before): the user is told
   * that they arrived. A change sent as soon as it was made needs no such word.
   */
  delivered: number;
  /** When the next waiting change is due (ms since epoch), or null when none waits. */
  nextAttemptAt: number | null;
}

/**
 * Sends due changes oldest first. A change waiting, rejected or in conflict holds back the later
 * changes of the same record (their order matters); other records go on. An unreachable server
 * stops the run: the rest would fail the same way. `prepareBody` answers the body to send, or null
 * while the change must wait (a note naming a photo not uploaded yet, src/data/mirror/uploads.ts).
 */
export async function replayOutbox(
  db: MirrorDb,
  send: (entry: OutboxEntry) => Promise<SendResult>,
  now: () => number = Date.now,
  prepareBody: (body: Record<string, unknown>) => Promise<Record<string, unknown> | null> = async (body) =>
    body,
): Promise<ReplayOutcome> {
  const held = new Set<string>();
  let sent = 0;
  let delivered = 0;
  for (const listed of await db.outbox.orderBy('seq').toArray()) {
    // Another tab may have changed it meanwhile.
    const entry = await db.outbox.get(listed.id);
    if (!entry) continue;
    const key = entityKey(entry.entity, entry.entityId);
    if (held.has(key) || entry.status !== 'pending' || entry.nextAttemptAt > now()) {
      held.add(key);
      continue;
    }
    const body = await prepareBody(entry.body);
    if (body === null) {
      // Looked at again when an upload was stored (the engine makes waiting changes due then).
      await db.outbox.update(entry.id, { nextAttemptAt: now() + BACKOFF_CAP_MS });
      held.add(key);
      continue;
    }
    // Counted before the request leaves: an edit made while it is on its way must queue behind it,
    // not merge into a create whose body is already sent (and would be settled as if it held it).
    const attempts = entry.attempts + 1;
    await db.outbox.update(entry.id, { attempts });
    const result = await send({ ...entry, body, attempts });
    if (result.kind === 'ok') {
      await settle(db, entry, result.body);
      sent++;
      if (entry.madeOffline || entry.attempts > 0 || now() - Date.parse(entry.createdAt) >= WAITED_MS) {
        delivered++;
      }
      continue;
    }
    held.add(key);
    if (result.kind === 'conflict') {
      await db.outbox.update(entry.id, {
        status: 'conflict',
        error: result.message,
        ...(result.current ? { current: result.current } : {}),
      });
    } else if (result.kind === 'failed') {
      await db.outbox.update(entry.id, { status: 'failed', error: result.message });
    } else {
      await db.outbox.update(entry.id, {
        nextAttemptAt: now() + Math.max(result.retryAfterMs ?? 0, backoffMs(attempts)),
      });
      if (result.unreachable) break;
    }
  }
  // Only the first change of each record can be due: the others wait behind it.
  const heads = new Map<string, OutboxEntry>();
  for (const entry of await db.outbox.orderBy('seq').toArray()) {
    const key = entityKey(entry.entity, entry.entityId);
    if (!heads.has(key)) heads.set(key, entry);
  }
  const next = [...heads.values()]
    .filter((entry) => entry.status === 'pending')
    .reduce<number | null>(
      (soonest, entry) => (soonest === null || entry.nextAttemptAt < soonest ? entry.nextAttemptAt : soonest),
      null,
    );
  return { sent, delivered, nextAttemptAt: next };
}

/** Keep mine: send my change again, made on the server's current version. */
export async function keepMine(db: MirrorDb, entryId: string, now = Date.now()): Promise<void> {
  const entry = await db.outbox.get(entryId);
  if (entry?.status !== 'conflict') return;
  const version = (entry.current as { version?: number } | undefined)?.version;
  await db.outbox.update(entryId, {
    status: 'pending',
    ...(version === undefined ? {} : { baseVersion: version, body: { ...entry.body, baseVersion: version } }),
    idempotencyKey: newIdempotencyKey(),
    attempts: 0,
    nextAttemptAt: now,
    error: undefined,
    current: undefined,
  });
}

/**
 * Drops a change (take theirs, or give up a rejected one): the mirror shows the server's version
 * again, the one the conflict brought or else the row as it was before the change.
 */
export async function dropChange(db: MirrorDb, entryId: string): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    const entry = await db.outbox.get(entryId);
    if (!entry) return;
    await db.outbox.delete(entryId);
    if (entry.effect === 'create') {
      await removeRow(db, entry.entity, entry.entityId);
      return;
    }
    const server = entry.current ?? entry.previous;
    if (server) await putServerRow(db, entry.entity, server);
  });
}

/** Retry a rejected change as it is (after the cause was fixed elsewhere), with a new key. */
export async function retryChange(db: MirrorDb, entryId: string, now = Date.now()): Promise<void> {
  const entry = await db.outbox.get(entryId);
  if (!entry || entry.status === 'pending') return;
  await db.outbox.update(entryId, {
    status: 'pending',
    idempotencyKey: newIdempotencyKey(),
    attempts: 0,
    nextAttemptAt: now,
    error: undefined,
  });
}

/** "Retry now": waiting changes are due at once (a reconnect, a tap on the sync page). */
export async function makeWaitingDue(db: MirrorDb, now = Date.now()): Promise<void> {
  await db.outbox.where('status').equals('pending').modify({ nextAttemptAt: now });
}

/** A row the server pushed (socket `lift`), under the user's unsent changes. */
export function applyServerRow(db: MirrorDb, entity: OutboxEntity, row: Row): Promise<void> {
  return db.transaction('rw', allTables(db), () => putServerRow(db, entity, row));
}

/** A row the server says is gone or out of scope (socket `lift:removed`). */
export function removeMirrorRow(db: MirrorDb, entity: OutboxEntity, id: string): Promise<void> {
  return db.transaction('rw', allTables(db), () => removeRow(db, entity, id));
}
