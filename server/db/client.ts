import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The query API both drivers share; modules never see which one is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** PostgreSQL's URL, for what needs connections of its own (leader lock, socket.io adapter); null on PGlite. */
  url: string | null;
  close(): Promise<void>;
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
  return { db, kind: 'pglite', url: null, close: () => client.close() };
}

async function openPostgres(url: string, migrationsDir: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on('error', () => {});
  try {
    await migrateWithLock(pool, migrationsDir);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: drizzlePostgres({ client: pool, schema }), kind: 'postgres', url, close: () => pool.end() };
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
