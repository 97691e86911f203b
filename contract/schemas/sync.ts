import * as v from 'valibot';
import { MSG } from '../messages';
import { MIRRORED_TABLE_NAMES, MIRRORED_TABLES, type MirroredTableName } from '../mirrored-tables';
import { ClientSettingsSchema } from '../settings';

/** How far back the PWA mirrors a lift's messages: the last 90 days (docs/sync.md). */
export const MIRROR_MESSAGE_DAYS = 90;
/** Rows per pull page when the client does not say; at most `SYNC_PULL_MAX_LIMIT`. */
export const SYNC_PULL_DEFAULT_LIMIT = 500;
export const SYNC_PULL_MAX_LIMIT = 2000;
/** The header every outbox write carries (docs/api.md#idempotency-key, docs/sync.md). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to `true` on an answer the server replays for a repeated `Idempotency-Key`. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * `GET /api/sync/pull?cursor=…&limit=…`. No cursor means a first sync from the start. The cursor is
 * opaque to the client: it stores what the last page answered and sends it back.
 */
export const SyncPullQuerySchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200, MSG.tooLong))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, MSG.invalidValue),
      v.transform(Number),
      v.minValue(1, MSG.invalidValue),
      v.maxValue(SYNC_PULL_MAX_LIMIT, MSG.invalidValue),
    ),
  ),
});

type TablesEach<Item> = { [N in MirroredTableName]: Item extends 'row' ? RowList<N> : IdList };
type RowList<N extends MirroredTableName> = v.ArraySchema<(typeof MIRRORED_TABLES)[N]['row'], undefined>;
type IdList = v.ArraySchema<v.StringSchema<undefined>, undefined>;

/** A list per mirrored table (contract/mirrored-tables.ts), under the table's name. */
function listPerTable<Item extends 'row' | 'id'>(item: Item): TablesEach<Item> {
  return Object.fromEntries(
    MIRRORED_TABLE_NAMES.map((name) => [
      name,
      v.array(item === 'row' ? MIRRORED_TABLES[name].row : v.string()),
    ]),
  ) as TablesEach<Item>;
}

/**
 * Ids of rows the client must drop, per table: deleted, or out of the user's scope now. A dropped
 * lift also drops its children (`liftChild` tables) on the client.
 */
export const SyncDeletionsSchema = v.object(listPerTable('id'));

/**
 * One page of changes since `cursor`, oldest first. `reset: true` means the cursor can no longer be
 * served (unknown, from another database, the user's role or company changed): the client clears
 * its mirror and pulls again without a cursor; such an answer has empty lists, `cursor: ''` (an
 * empty cursor is the same as none) and `hasMore: true`. Every row is the same shape the REST API
 * answers, in a list per mirrored table under its name (contract/mirrored-tables.ts). A lift that
 * came into the user's scope arrives whole with its children (its files, its messages of the last
 * `MIRROR_MESSAGE_DAYS` days …), in backfill pages after it when they do not fit one.
 */
export const SyncPullResponseSchema = v.object({
  reset: v.boolean(),
  ...listPerTable('row'),
  deleted: SyncDeletionsSchema,
  /** Send it back on the next pull; it also comes with `hasMore: false` so the client can resume. */
  cursor: v.string(),
  hasMore: v.boolean(),
  /** Server time of this answer (ISO), so the client can prune messages older than 90 days. */
  serverTime: v.string(),
  /** The settings the PWA reads (maintenance defaults, the low-SIM share), in force now. */
  settings: ClientSettingsSchema,
});
export type SyncPullResponse = v.InferOutput<typeof SyncPullResponseSchema>;
