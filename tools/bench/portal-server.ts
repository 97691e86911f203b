import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import pg from 'pg';
import type { Page } from 'playwright-core';

/**
 * How the benches start a portal on a scratch PostgreSQL database: `benchServerEnv` for any of them
 * (api, analytics and telemetry run the source with tsx), `startBuiltPortal` for the browser benches
 * (first-sync.ts, offline.ts), which drive the build (`npm run build`): created, started and
 * healthy; `stop` ends the process and drops the database. `lastSyncAt` tells the browser benches
 * when the page's mirror is complete.
 */
export interface BuiltPortal {
  databaseUrl: string;
  base: string;
  server: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The environment of a portal a bench starts (built or from source) on its scratch database:
 * demo data without virtual controllers, quiet logs (`BENCH_LOG_LEVEL=info` logs each request with
 * its time), sign-in limits out of the way.
 */
export function benchServerEnv(
  databaseUrl: string,
  port: number | string,
  name: string,
  authSecret = randomBytes(32).toString('hex'),
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    SIMULATE_DEVICES: '0',
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    LOGIN_RATE_LIMIT: '1000',
    ADDRESS_RATE_LIMIT: '1000',
    AUTH_SECRET: authSecret,
    DATA_DIR: `/tmp/${name}`,
  };
}

/** Waits until `url` answers 2xx (a starting server's health route); throws after `timeoutMs`. */
export async function waitUntilUp(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

export async function startBuiltPortal(options: {
  /** The scratch database's name starts with it (`lift_bench_offline_…`). */
  prefix: string;
  /** The server's address without a database, e.g. postgres://postgres@127.0.0.1:5432. */
  pg: string;
  port: string;
  /** More environment for the server (`WEB_DIR` of a build with the bench's own static page). */
  env?: NodeJS.ProcessEnv;
}): Promise<BuiltPortal> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
    throw new Error('Run "npm run build" first: the benchmark drives the built portal.');
  }
  const name = `${options.prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${options.pg}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const databaseUrl = `${options.pg}/${name}`;
  const base = `http://127.0.0.1:${options.port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...benchServerEnv(databaseUrl, options.port, name), ...options.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  try {
    await waitUntilUp(`${base}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { databaseUrl, base, server, stop };
}

/** The mirror's `lastSyncAt` (set when a pull's last page is written), or null before; one key read. */
export function lastSyncAt(page: Page, name: string): Promise<string | null> {
  return page.evaluate(
    (dbName) =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('meta')) {
            db.close();
            resolve(null);
            return;
          }
          const request = db.transaction('meta', 'readonly').objectStore('meta').get('lastSyncAt');
          request.onsuccess = () => {
            db.close();
            resolve((request.result as { value?: string } | undefined)?.value ?? null);
          };
          request.onerror = () => {
            db.close();
            resolve(null);
          };
        };
      }),
    name,
  );
}
