import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../../../server/db/client';
import { MIGRATIONS_DIR } from './paths';

/** Which database this vitest project runs on (see vitest.config.ts). */
export const TEST_DB_KIND: DatabaseKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Set on PostgreSQL: the URL of this file's own database, for apps or processes that open it themselves. */
  url: string | undefined;
  dispose(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database on the test server; returns its URL and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lift_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => {},
      ),
  };
}

let pgliteTemplate: Promise<Blob> | undefined;

/** A fresh, migrated database for one test file: a copy of the PGlite template, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB_KIND === 'postgres') {
    const database = await createPostgresDatabase();
    const handle = await openDatabase({ kind: 'postgres', url: database.url, migrationsDir: MIGRATIONS_DIR });
    return {
      handle,
      url: database.url,
      async dispose() {
        await handle.close();
        await database.drop();
      },
    };
  }
  pgliteTemplate ??= readFile(inject('pgliteTemplatePath')).then((bytes) => new Blob([bytes]));
  const handle = await openDatabase({
    kind: 'pglite',
    migrationsDir: MIGRATIONS_DIR,
    template: await pgliteTemplate,
  });
  return { handle, url: undefined, dispose: () => handle.close() };
}
