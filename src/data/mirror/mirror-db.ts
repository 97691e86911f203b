import Dexie, { type EntityTable } from 'dexie';
import type { Alarm } from '../../../contract/schemas/alarm';
import type { BaseEntry } from '../../../contract/schemas/base';
import type { Description } from '../../../contract/schemas/description';
import type { LiftFile } from '../../../contract/schemas/file';
import type { Lift } from '../../../contract/schemas/lift';
import type { MaintenanceVisit } from '../../../contract/schemas/maintenance';
import type { Message } from '../../../contract/schemas/message';

export type OutboxEntity = 'lift' | 'message' | 'description' | 'alarm' | 'visit';
export type OutboxStatus = 'pending' | 'failed' | 'conflict';

/** A row the outbox changes. */
export type MirroredRow = Lift | Message | Description | Alarm | MaintenanceVisit;

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
 * (src/data/file-cache.ts). `pinned`: the user chose "keep offline" for it or its lift.
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
   * `fileBudget`: the space for kept files chosen on this device (src/data/file-cache.ts).
   */
  key: 'cursor' | 'fileBudget' | 'lastSyncAt' | 'persisted' | 'serverTime' | 'settings';
  value: T;
}

/** The signed-in user's offline copy of lifts, their files, descriptions and recent messages, and the outbox. */
export class MirrorDb extends Dexie {
  lifts!: EntityTable<Lift, 'id'>;
  descriptions!: EntityTable<Description, 'id'>;
  messages!: EntityTable<Message, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  files!: EntityTable<LiftFile, 'id'>;
  alarms!: EntityTable<Alarm, 'id'>;
  visits!: EntityTable<MaintenanceVisit, 'id'>;
  base!: EntityTable<BaseEntry, 'id'>;
  uploads!: EntityTable<UploadEntry, 'uid'>;
  kept!: EntityTable<KeptFile, 'fileId'>;
  pins!: EntityTable<PinRow, 'key'>;

  constructor(name: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      lifts: 'id, uid, address',
      descriptions: 'id, number',
      messages: 'id, liftId, at, [liftId+at], [kind+at], [kind+code]',
      meta: 'key',
      outbox: 'id, &seq, status, [entity+entityId]',
    });
    // Lift files (their list), photos waiting to be uploaded, and what is kept offline.
    this.version(2).stores({
      files: 'id, liftId, uid',
      uploads: 'uid, &seq, liftId, status',
      kept: 'fileId, liftId, lastUsedAt',
      pins: 'key',
    });
    // Alarms of the mirrored lifts (acknowledged offline through the outbox), their maintenance
    // visits (recorded offline through the outbox), and the base data's labels.
    this.version(3).stores({ alarms: 'id, liftId, openedAt', visits: 'id, liftId', base: 'id, category' });
    // `[kind+code]` was read by nobody and cost a write per message (docs/sync.md#first-sync);
    // dropping an index keeps the rows.
    this.version(4).stores({ messages: 'id, liftId, at, [liftId+at], [kind+at]' });
    // Two more indexes a first sync wrote for every row and nobody needs (docs/sync.md#first-sync):
    // the lifts' `address` (the list searches by filter, sorted by uid), and the messages' `liftId`,
    // which Dexie reads from `[liftId+at]` instead (a compound index's first part is a virtual index).
    this.version(5).stores({ lifts: 'id, uid', messages: 'id, at, [liftId+at], [kind+at]' });
  }
}

/** One database per user, so that two people sharing a device never see each other's data. */
export const mirrorName = (userId: string) => `lift-portal-mirror-${userId}`;
