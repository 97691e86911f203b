import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as alarmsTables from './schema/alarms';
import * as analyticsTables from './schema/analytics';
import * as baseDataTables from './schema/base-data';
import * as chatTables from './schema/chat';
import * as clusterTables from './schema/cluster';
import * as descriptionsTables from './schema/descriptions';
import * as devicesTables from './schema/devices';
import * as emailTables from './schema/email';
import * as filesTables from './schema/files';
import * as idempotencyTables from './schema/idempotency';
import * as inspectionRemindersTables from './schema/inspection-reminders';
import * as inspectionsTables from './schema/inspections';
import * as jobsTables from './schema/jobs';
import * as liftsTables from './schema/lifts';
import * as logsTables from './schema/logs';
import * as maintenanceTables from './schema/maintenance';
import * as messagesTables from './schema/messages';
import * as outboxTables from './schema/outbox';
import * as projectsTables from './schema/projects';
import * as serviceReportsTables from './schema/service-reports';
import * as settingsTables from './schema/settings';
import * as simsTables from './schema/sims';
import * as tableauTables from './schema/tableau';
import * as usersTables from './schema/users';

/** Every table, each domain's from its own file in db/schema/ (drizzle.config.ts reads the same folder). */
export const schema = {
  ...alarmsTables,
  ...analyticsTables,
  ...baseDataTables,
  ...chatTables,
  ...clusterTables,
  ...descriptionsTables,
  ...devicesTables,
  ...emailTables,
  ...filesTables,
  ...idempotencyTables,
  ...inspectionRemindersTables,
  ...inspectionsTables,
  ...jobsTables,
  ...liftsTables,
  ...logsTables,
  ...maintenanceTables,
  ...messagesTables,
  ...outboxTables,
  ...projectsTables,
  ...serviceReportsTables,
  ...settingsTables,
  ...simsTables,
  ...tableauTables,
  ...usersTables,
};

/** The query API both drivers share; modules never see which one is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** PostgreSQL's URL, for what needs connections of its own (leader lock, socket.io adapter); null on PGlite. */
  url: string | null;
  /** Subscribes to `NOTIFY`s on `channel` (docs/api.md#caches-and-their-bounds). */
  listen(channel: string, handlers: ListenHandlers): Promise<Subscription>;
  close(): Promise<void>;
  /** The PostgreSQL pool's counts, for the metrics (server/plugins/metrics.ts); PGlite has no pool. */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface ListenHandlers {
  /** One notification's payload. */
  notify(payload: string): void;
  /** Notifications may have been missed (the listening connection was lost or is back): drop what they keep fresh. */
  reset(): void;
}

export interface Subscription {
  /** True while every notification reaches `notify`; false while the connection is lost. */
  readonly live: boolean;
  /** Resolves once every notification committed before the call has reached `notify`. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Payloads of `settled()`'s own notifications start with this; they never reach `notify`. */
const SETTLED_PREFIX = 'settled:';
/** A lost listening connection is opened again after this long. */
const RELISTEN_MS = 1000;
/** `settled()` gives up waiting after this long (a lost connection resets the caches anyway). */
const SETTLED_TIMEOUT_MS = 2000;
let settledSeq = 0;

/**
 * Waits for a notification of our own, sent after the caller's last commit: notifications reach a
 * listener in commit order, so every earlier one has been handled by then.
 */
function settledBy(send: (payload: string) => Promise<unknown>, waiting: Map<string, () => void>) {
  const payload = `${SETTLED_PREFIX}${process.pid}:${++settledSeq}`;
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, SETTLED_TIMEOUT_MS);
    function done() {
      clearTimeout(timer);
      waiting.delete(payload);
      resolve();
    }
    waiting.set(payload, done);
    send(payload).catch(done);
  });
}

function deliver(payload: string, handlers: ListenHandlers, waiting: Map<string, () => void>) {
  if (payload.startsWith(SETTLED_PREFIX)) waiting.get(payload)?.();
  else handlers.notify(payload);
}

export type DatabaseOptions = {
  migrationsDir: string;
} & (
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined keeps the database in memory (tests); `template` preloads a dumped data dir. */
  | { kind: 'pglite'; dataDir?: string; template?: Blob }
);

/** Arbitrary but fixed: every process of this product takes the same lock around migrations. */
const MIGRATION_LOCK_KEY = 727_465_001;

/** Opens the database and brings its schema up to date with the bundled migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.migrationsDir)
    : openPglite(options.migrationsDir, options.dataDir, options.template);
}

async function openPglite(migrationsDir: string, dataDir?: string, template?: Blob): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, template ? { loadDataDir: template } : {});
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: migrationsDir });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    url: null,
    async listen(channel, handlers) {
      const waiting = new Map<string, () => void>();
      const unlisten = await client.listen(channel, (payload) => deliver(payload, handlers, waiting));
      return {
        live: true,
        settled: () =>
          settledBy((payload) => client.query('select pg_notify($1, $2)', [channel, payload]), waiting),
        // Closing after the database itself (a test that drops it first) has nothing left to undo.
        close: () => (client.closed ? Promise.resolve() : unlisten()),
      };
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, migrationsDir: string): Promise<DatabaseHandle> {
  const max = 10;
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on('error', () => {});
  // A checked-out client whose server goes away between two queries emits 'error' itself; the
  // pool watches only idle ones. Its next query fails and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await migrateWithLock(pool, migrationsDir);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzlePostgres({ client: pool, schema }),
    kind: 'postgres',
    url,
    listen: (channel, handlers) => listenPostgres(url, pool, channel, handlers),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). While it is lost the
 * subscription is not live and is opened again every second; each loss and each return calls `reset`,
 * since notifications sent meanwhile never arrive.
 */
async function listenPostgres(
  url: string,
  pool: pg.Pool,
  channel: string,
  handlers: ListenHandlers,
): Promise<Subscription> {
  const waiting = new Map<string, () => void>();
  let current: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    live = false;
    handlers.reset();
    client.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void connect(), RELISTEN_MS);
  };

  async function connect() {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel) deliver(message.payload ?? '', handlers, waiting);
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    current = client;
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch {
      lost(client);
      return;
    }
    if (current !== client) return;
    handlers.reset();
    live = true;
  }

  await connect();
  return {
    get live() {
      return live;
    },
    settled: () =>
      settledBy((payload) => pool.query('select pg_notify($1, $2)', [channel, payload]), waiting),
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Drizzle's migrator takes no lock, so two processes starting together would both try to create
 * the same tables. The advisory lock lives on one connection, which also runs the migrations.
 */
async function migrateWithLock(pool: pg.Pool, migrationsDir: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
