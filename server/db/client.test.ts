import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../tests/server/helpers/app';
import { createPostgresDatabase, TEST_DB_KIND } from '../../tests/server/helpers/database';
import { MIGRATIONS_DIR } from '../../tests/server/helpers/paths';
import { buildApp } from '../app';
import { openDatabase } from './client';
import { users } from './schema/users';

/** How many migrations the database has recorded (both drivers answer `{ rows }`). */
async function appliedMigrations(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<number> {
  const result = (await handle.db.execute(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ applied: number }> };
  return result.rows[0]?.applied ?? 0;
}

describe.runIf(TEST_DB_KIND === 'pglite')('PGlite in DATA_DIR', () => {
  it('migrates a new data dir, and reopens it with its data kept', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-pglite-'));
    const dataDir = path.join(root, 'pglite');

    const first = await openDatabase({ kind: 'pglite', dataDir, migrationsDir: MIGRATIONS_DIR });
    await first.db
      .insert(users)
      .values({ email: 'keep@demo.local', displayName: 'Bleibt', role: 'customer' });
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir, migrationsDir: MIGRATIONS_DIR });
    const [row] = await second.db.select({ value: count() }).from(users);
    await second.close();
    rmSync(root, { recursive: true, force: true });

    expect(second.kind).toBe('pglite');
    expect(row?.value).toBe(1);
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('PostgreSQL', () => {
  it('runs migrations from two processes at once without a crash, and applies them once', async () => {
    const database = await createPostgresDatabase();
    try {
      const handles = await Promise.all(
        [1, 2, 3].map(() =>
          openDatabase({ kind: 'postgres', url: database.url, migrationsDir: MIGRATIONS_DIR }),
        ),
      );
      const applied = await Promise.all(handles.map(appliedMigrations));
      await Promise.all(handles.map((handle) => handle.close()));

      expect(new Set(applied).size).toBe(1);
      expect(applied[0]).toBeGreaterThan(0);
    } finally {
      await database.drop();
    }
  });

  it('seeds an empty database once when two servers start together', async () => {
    const database = await createPostgresDatabase();
    try {
      const config = testConfig({ DATABASE_URL: database.url });
      const apps = await Promise.all([buildApp(config), buildApp(config)]);
      const [row] = await apps[0]!.db.select({ value: count() }).from(users);
      await Promise.all(apps.map((app) => app.close()));

      expect(apps.map((app) => app.databaseKind)).toEqual(['postgres', 'postgres']);
      expect(row?.value).toBe(5);
    } finally {
      await database.drop();
    }
  });
});
