import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_DB_KIND } from './helpers/database';
import { REPO_ROOT } from './helpers/paths';

const running: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** `server/main.ts` as a real process, as `npm run dev` starts it (tsx instead of the bundle). */
function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-main-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const url = /listening on (http:\/\/[\d.:]+)/.exec(stdout)?.[1];
      if (url) resolve(url);
    });
    exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  listening.catch(() => {});
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
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
