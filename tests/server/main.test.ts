import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_DB_KIND } from './helpers/database';
import { startServerProcess } from './helpers/server-process';

const running: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The server in a scratch data dir, removed after the test. */
function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-main-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  return startServerProcess({ DATA_DIR: dataDir, ...env });
}

async function databaseEnv(): Promise<Record<string, string>> {
  if (TEST_DB_KIND !== 'postgres') return {};
  const database = await createPostgresDatabase();
  cleanups.push(database.drop);
  return { DATABASE_URL: database.url };
}

describe('server/main.ts', () => {
  it('starts, answers health, and exits cleanly on SIGTERM', async () => {
    const server = startServer(await databaseEnv());
    running.push(server.child);

    const url = await server.listening;
    const health = await fetch(`${url}/api/health`);
    server.child.kill('SIGTERM');
    const code = await server.exited;

    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: TEST_DB_KIND });
    expect(code).toBe(0);
  });

  it('refuses a first production start without ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const server = startServer({ ...(await databaseEnv()), NODE_ENV: 'production' });
    running.push(server.child);

    const code = await server.exited;

    expect(code).toBe(1);
    expect(server.output().stderr).toContain('ADMIN_EMAIL and ADMIN_PASSWORD');
  });

  it('refuses an invalid configuration, naming the variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    running.push(server.child);

    const code = await server.exited;

    expect(code).toBe(1);
    expect(server.output().stderr).toContain('PORT: must be a whole number');
  });
});
