import type * as v from 'valibot';
import { AlarmSchema } from './schemas/alarm';
import { BaseEntrySchema } from './schemas/base';
import { DescriptionSchema } from './schemas/description';
import { LiftFileSchema } from './schemas/file';
import { DefectSchema, InspectionSchema } from './schemas/inspection';
import { LiftSchema } from './schemas/lift';
import { MaintenanceVisitSchema } from './schemas/maintenance';
import { MessageSchema } from './schemas/message';
import { ServiceReportSchema } from './schemas/service-report';

/**
 * Who mirrors which rows of a table (docs/sync.md#what-is-mirrored):
 * - `everyone`: every signed-in user mirrors every live row;
 * - `visibleLifts`: the lifts the user sees (docs/access.md#lifts); they come and go with access changes;
 * - `liftChild`: the rows of those lifts, by `liftId`: they travel with their lift and go with it.
 */
export type MirrorScope = 'everyone' | 'visibleLifts' | 'liftChild';

/** A row schema of the REST API; every mirrored row is keyed by its `id`. */
type RowSchema = v.ObjectSchema<v.ObjectEntries, undefined>;
type RowOf<S extends RowSchema> = v.InferOutput<S>;
type FieldOf<S extends RowSchema> = keyof RowOf<S> & string;

/** The scopes a table of rows `S` can have: only rows that name their lift (`liftId`) travel with it. */
type ScopeFor<S extends RowSchema> =
  RowOf<S> extends { id: string; liftId: string }
    ? MirrorScope
    : RowOf<S> extends { id: string }
      ? Exclude<MirrorScope, 'liftChild'>
      : never;

/** One table of the offline mirror, declared once; the pull, the browser's stores and the outbox follow it. */
interface MirroredTable<S extends RowSchema, Scope extends ScopeFor<S>, Entity extends string | null> {
  /** The row as the REST API answers it: the pull sends it so, the browser stores it so. */
  row: S;
  scope: Scope;
  /**
   * The browser store's indexes besides its key `id` (Dexie syntax: a field or `[a+b]`). Only what a
   * screen or the mirror reads: each index costs a write per row (docs/sync.md#first-sync). A
   * `liftChild` table needs `liftId` first in one of them: a lift's deletion takes its rows by it.
   */
  indexes: readonly (FieldOf<S> | `[${FieldOf<S>}+${FieldOf<S>}]`)[];
  /**
   * The outbox's name for a change of such a row (`OutboxEntry.entity`), or null when the browser
   * only reads the table. Stored with every waiting change: never rename one.
   */
  outboxEntity: Entity;
  /**
   * The mirror's content version in which the table joined the mirror or its rows last gained
   * fields. The highest of all is the pull cursor's format: raising one above all others makes
   * every mirror start over, which a new table or a new field needs (older rows would never come).
   */
  shapeVersion: number;
  /**
   * The browser database's version in which this store was made or its indexes last changed. The
   * highest of all (and of the local stores, src/data/mirror/mirror-db.ts) is the database's
   * version: raising one above all others upgrades every browser's database.
   */
  storesVersion: number;
}

/** Checks a declaration against its own row schema, keeping its scope and outbox name as literals. */
const mirrored = <
  S extends RowSchema,
  const Scope extends ScopeFor<S>,
  const Entity extends string | null = null,
>(
  declaration: MirroredTable<S, Scope, Entity>,
) => declaration;

/**
 * Every table the browser mirrors, in the order of the pull answer. A table's name is its key in
 * the pull answer, among its tombstones (`deleted`), in the browser's database and in a `reload`
 * (contract/socket.ts). Adding one: docs/sync.md#adding-a-mirrored-table.
 */
export const MIRRORED_TABLES = {
  /**
   * With stats, state and parameters. Shape 4: `maintenance`; shape 9: `inspectionEveryMonths`.
   * Stores 5: `address` dropped.
   */
  lifts: mirrored({
    row: LiftSchema,
    scope: 'visibleLifts',
    indexes: ['uid'],
    outboxEntity: 'lift',
    shapeVersion: 9,
    storesVersion: 5,
  }),
  /** The whole error-code catalogue. Shape 2: `contentDE` and `textDE`. */
  descriptions: mirrored({
    row: DescriptionSchema,
    scope: 'everyone',
    indexes: ['number'],
    outboxEntity: 'description',
    shapeVersion: 2,
    storesVersion: 1,
  }),
  /** Base data (docs/base-data.md), every entry. */
  base: mirrored({
    row: BaseEntrySchema,
    scope: 'everyone',
    indexes: ['category'],
    outboxEntity: null,
    shapeVersion: 3,
    storesVersion: 3,
  }),
  /**
   * Readings of the last `MIRROR_MESSAGE_DAYS` days (contract/schemas/sync.ts), with their notes.
   * `at` prunes the older ones, `[liftId+at]` serves a lift's readings and its deletion, `[kind+at]`
   * the errors page. Stores 5: `liftId` alone and (4) `[kind+code]` dropped. Shape 6: `noteEntries`.
   */
  messages: mirrored({
    row: MessageSchema,
    scope: 'liftChild',
    indexes: ['at', '[liftId+at]', '[kind+at]'],
    outboxEntity: 'message',
    shapeVersion: 6,
    storesVersion: 5,
  }),
  /** The lifts' files: their list, not their bytes (docs/files.md#offline). */
  files: mirrored({
    row: LiftFileSchema,
    scope: 'liftChild',
    indexes: ['liftId', 'uid'],
    outboxEntity: null,
    shapeVersion: 3,
    storesVersion: 2,
  }),
  /** Alarms: open ones, and those closed within `MIRROR_MESSAGE_DAYS` (docs/alarms.md). */
  alarms: mirrored({
    row: AlarmSchema,
    scope: 'liftChild',
    indexes: ['liftId', 'openedAt'],
    outboxEntity: 'alarm',
    shapeVersion: 3,
    storesVersion: 3,
  }),
  /** Maintenance visits, whatever their age (docs/maintenance.md). */
  visits: mirrored({
    row: MaintenanceVisitSchema,
    scope: 'liftChild',
    indexes: ['liftId'],
    outboxEntity: 'visit',
    shapeVersion: 3,
    storesVersion: 3,
  }),
  /**
   * Statutory inspections, whatever their age (docs/inspections.md); recorded online by admins.
   * Shape 8: `reportFileId` and `reportUrl`.
   */
  inspections: mirrored({
    row: InspectionSchema,
    scope: 'liftChild',
    indexes: ['liftId'],
    outboxEntity: null,
    shapeVersion: 8,
    storesVersion: 6,
  }),
  /** The inspections' defects; fixed (offline too) and closed through the outbox. Shape 8: `fixPhotoUrls`. */
  defects: mirrored({
    row: DefectSchema,
    scope: 'liftChild',
    indexes: ['liftId'],
    outboxEntity: 'defect',
    shapeVersion: 8,
    storesVersion: 6,
  }),
  /** Service reports, whatever their age (docs/service-reports.md); written offline through the outbox. */
  reports: mirrored({
    row: ServiceReportSchema,
    scope: 'liftChild',
    indexes: ['liftId'],
    outboxEntity: 'report',
    shapeVersion: 7,
    storesVersion: 7,
  }),
};

type Tables = typeof MIRRORED_TABLES;
export type MirroredTableName = keyof Tables;
export type MirroredRowOf<N extends MirroredTableName> = v.InferOutput<Tables[N]['row']>;
/** The names of the tables mirrored with `scope`. */
export type MirroredTablesOf<Scope extends MirrorScope> = {
  [N in MirroredTableName]: Tables[N]['scope'] extends Scope ? N : never;
}[MirroredTableName];

export const MIRRORED_TABLE_NAMES = Object.keys(MIRRORED_TABLES) as MirroredTableName[];

/** The tables whose rows travel with their lift and go with it, in declaration order. */
export const LIFT_CHILD_TABLES = MIRRORED_TABLE_NAMES.filter(
  (name): name is MirroredTablesOf<'liftChild'> => MIRRORED_TABLES[name].scope === 'liftChild',
);

/** An empty list per mirrored table: a pull page without rows, or without tombstones. */
export const emptyListPerTable = () =>
  Object.fromEntries(MIRRORED_TABLE_NAMES.map((name) => [name, []])) as Record<MirroredTableName, never[]>;

/** The pull cursor's format version (server/modules/sync): see `shapeVersion`. */
export const MIRROR_SHAPE_VERSION = Math.max(
  ...MIRRORED_TABLE_NAMES.map((name) => MIRRORED_TABLES[name].shapeVersion),
);
