import Dexie, { type EntityTable } from 'dexie';
import {
  MIRRORED_TABLE_NAMES,
  MIRRORED_TABLES,
  type MirroredRowOf,
  type MirroredTableName,
} from '../../../contract/mirrored-tables';

type Tables = typeof MIRRORED_TABLES;

/** The outbox's name for the rows of a table it changes (contract/mirrored-tables.ts `outboxEntity`). */
export type OutboxEntity = NonNullable<Tables[MirroredTableName]['outboxEntity']>;
/** The table whose rows an outbox entity names. */
export type OutboxTableOf<E extends OutboxEntity> = {
  [N in MirroredTableName]: Tables[N]['outboxEntity'] extends E ? N : never;
}[MirroredTableName];
export const OUTBOX_TABLES = Object.fromEntries(
  MIRRORED_TABLE_NAMES.flatMap((name) => {
    const entity = MIRRORED_TABLES[name].outboxEntity;
    return entity === null ? [] : [[entity, name]];
  }),
) as { [E in OutboxEntity]: OutboxTableOf<E> };
export type OutboxStatus = 'pending' | 'failed' | 'conflict';

/** A row the outbox changes. */
export type MirroredRow = MirroredRowOf<OutboxTableOf<OutboxEntity>>;

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
  /** The fields a `patch` sets on the row, when the body does not carry them (an acknowledge has none). */
  patch?: Record<string, unknown>;
  /** The row as it was before the change, to put back when the user drops it. */
  previous?: MirroredRow | null;
  createdAt: string;
  /** Made while the browser had no network: its delivery is told to the user. */
  madeOffline?: true;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  /** The server's reason for a failed change (a contract MSG text). */
  error?: string;
  /** The server's version of the record, for a conflict. */
  current?: MirroredRow;
}

/**
 * A file or photo waiting to be uploaded (taken offline, or on its way): its bytes stay here until
 * the server stored them under `uid`, which makes the upload exactly-once (docs/files.md#offline).
 */
export interface UploadEntry {
  /** The file's id for the server (`uid` of `POST /api/files/register`). */
  uid: string;
  seq: number;
  liftId: string;
  name: string;
  type: string;
  size: number;
  /** Dropped once the server stored it. */
  blob?: Blob;
  createdAt: string;
  madeOffline?: true;
  status: 'pending' | 'failed' | 'done';
  attempts: number;
  nextAttemptAt: number;
  error?: string;
  /** Once done: the stored file's id and URL, which notes that name the upload are given. */
  fileId?: string;
  url?: string;
}

/**
 * A lift file's bytes kept in Cache Storage for offline use, and what the budget needs to know
 * (src/data/files/file-cache.ts). `pinned`: the user chose "keep offline" for it or its lift.
 */
export interface KeptFile {
  fileId: string;
  liftId: string;
  size: number;
  /** Only for what the user pinned by file; a pinned lift is in `pins`. */
  pinned: boolean;
  lastUsedAt: number;
}

/** "Keep offline" on a whole lift: `lift:<id>`. */
export interface PinRow {
  key: string;
}

export interface MetaRow<T = unknown> {
  /**
   * `settings`: the settings the PWA reads (`ClientSettings`), as the last pull brought them.
   * `fileBudget`: the space for kept files chosen on this device (src/data/files/file-cache.ts).
   */
  key: 'cursor' | 'fileBudget' | 'lastSyncAt' | 'persisted' | 'serverTime' | 'settings';
  value: T;
}

/** The browser's store of each mirrored table, under the table's name. */
type MirroredStores = { [N in MirroredTableName]: EntityTable<MirroredRowOf<N>, 'id'> };

/** The stores that only this device has: its sync state, its waiting changes and uploads, its kept files. */
const LOCAL_STORES = {
  meta: 'key',
  outbox: 'id, &seq, status, [entity+entityId]',
  uploads: 'uid, &seq, liftId, status',
  kept: 'fileId, liftId, lastUsedAt',
  pins: 'key',
};
/** The database version in which `LOCAL_STORES` last changed (contract/mirrored-tables.ts `storesVersion`). */
const LOCAL_STORES_VERSION = 2;

/**
 * The database's version: the latest in which a store was made or changed its indexes. Dexie
 * upgrades a database of any older version to these stores by comparing with the stores it has
 * (rows stay; dropped indexes go), so no older version's stores need to be kept here.
 */
export const MIRROR_DB_VERSION = Math.max(
  LOCAL_STORES_VERSION,
  ...MIRRORED_TABLE_NAMES.map((name) => MIRRORED_TABLES[name].storesVersion),
);

/** Dexie's store of each mirrored table: its key `id`, then its declared indexes. */
const mirroredStores = () =>
  Object.fromEntries(
    MIRRORED_TABLE_NAMES.map((name) => [name, ['id', ...MIRRORED_TABLES[name].indexes].join(', ')]),
  );

/** Dexie with a typed property per mirrored store: Dexie sets one for every store it declares. */
const DexieWithMirroredStores = Dexie as unknown as new (
  ...args: ConstructorParameters<typeof Dexie>
) => Dexie & MirroredStores;

/**
 * The signed-in user's offline copy of the mirrored tables (contract/mirrored-tables.ts), with
 * the outbox and the other local stores.
 */
export class MirrorDb extends DexieWithMirroredStores {
  meta!: EntityTable<MetaRow, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  uploads!: EntityTable<UploadEntry, 'uid'>;
  kept!: EntityTable<KeptFile, 'fileId'>;
  pins!: EntityTable<PinRow, 'key'>;

  constructor(name: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(MIRROR_DB_VERSION).stores({ ...LOCAL_STORES, ...mirroredStores() });
  }
}

/** The store of a mirrored table, typed by its rows. */
export const mirroredStore = <N extends MirroredTableName>(db: MirrorDb, name: N) =>
  db.table<MirroredRowOf<N>, string>(name);

/** One database per user, so that two people sharing a device never see each other's data. */
export const mirrorName = (userId: string) => `lift-portal-mirror-${userId}`;
