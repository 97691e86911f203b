/**
 * The first full sync under throttling (run by hand after `npm run build`: `npm run bench:first-sync`).
 * Starts the built server on a scratch PostgreSQL database with the demo data and drives headless
 * Chromium throttled as a phone on a poor mobile link: Network.emulateNetworkConditions (1.6 Mbit/s
 * down, 750 kbit/s up, 150 ms latency) and Emulation.setCPUThrottlingRate 4. Measured, for the
 * demo data and then for a bigger set (`--lifts` more lifts and `--messages` more readings of the
 * last 90 days for the same user): the time from pressing "Anmelden" to the first lift on screen
 * and to the mirror complete (`lastSyncAt` set), with the compressed bytes the pull pages took.
 *
 * The ceilings, measured in the same run under the same throttling: fetching the same number of
 * bytes (incompressible, so the wire carries them all) from a bare HTTP server in one request, and
 * in as many requests as the pull made, one after another: what the link alone costs, with no
 * server work and no writes into IndexedDB. Printed as a ratio; nothing is asserted.
 *
 *   tsx tools/bench/first-sync.ts [--lifts 2000] [--messages 10000] [--email service@demo.local]
 *     [--cpu 4] [--pg postgres://postgres@127.0.0.1:5432] [--port 3652]
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { defaultParameters } from '../../contract/parameters';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { lastSyncAt, startBuiltPortal } from './portal-server';

const { values: args } = parseArgs({
  options: {
    lifts: { type: 'string', default: '2000' },
    messages: { type: 'string', default: '10000' },
    email: { type: 'string', default: 'service@demo.local' },
    cpu: { type: 'string', default: '4' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    port: { type: 'string', default: '3652' },
  },
});
const BASE = `http://127.0.0.1:${args.port}`;
const PASSWORD = 'demo1234';
/** A slow mobile link, as Chrome DevTools' "Slow 4G"-like presets describe one (bytes per second). */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const ms = (value: number) => `${(value / 1000).toFixed(1)} s`;

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.cpu) });
}

interface Run {
  toList: number;
  /** From pressing "Anmelden" to the first pull request (the page's clock). */
  toFirstPull: number;
  toMirror: number;
  pages: number;
  bytes: number;
  rows: number;
}

/** Signs in through the form on a fresh, throttled browser context and waits for the mirror. */
async function firstSync(browser: Awaited<ReturnType<typeof chromium.launch>>, userId: string): Promise<Run> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  // The sign-in page leads back to the lift list (the route guard's `redirect`).
  await page.goto(`${BASE}/apps/lift/lifts`);
  await page.getByLabel('E-Mail').waitFor();
  await throttle(context, page);
  await page.getByLabel('E-Mail').fill(args.email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  const clickedAt = await page.evaluate(() => performance.now());
  const started = performance.now();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.locator('table tbody tr').first().waitFor({ timeout: 600_000 });
  const toList = performance.now() - started;
  const dbName = `lift-portal-mirror-${userId}`;
  for (;;) {
    if (await lastSyncAt(page, dbName)) break;
    if (performance.now() - started > 1_800_000) throw new Error('The first sync took over 30 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const toMirror = performance.now() - started;
  const pulls = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.name.includes('/api/sync/pull'))
      .map((entry) => ({ size: entry.encodedBodySize, startTime: entry.startTime })),
  );
  const rows = await page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const db = open.result;
          const stores = ['lifts', 'descriptions', 'messages', 'files', 'alarms', 'visits', 'base'].filter(
            (store) => db.objectStoreNames.contains(store),
          );
          const tx = db.transaction(stores, 'readonly');
          let total = 0;
          for (const store of stores) {
            const request = tx.objectStore(store).count();
            request.onsuccess = () => {
              total += request.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(total);
          };
        };
      }),
    dbName,
  );
  await context.close();
  return {
    toList,
    toMirror,
    toFirstPull: (pulls[0]?.startTime ?? Number.NaN) - clickedAt,
    pages: pulls.length,
    bytes: pulls.reduce((sum, pull) => sum + pull.size, 0),
    rows,
  };
}

/**
 * The ceiling: `bytes` of incompressible data in `requests` requests one after another, from a
 * bare HTTP server, under the same throttling.
 */
async function rawTransfer(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  bytes: number,
  requests: number,
) {
  const chunk = Math.ceil(bytes / requests);
  const body = randomBytes(chunk);
  const bare = createServer((request, response) => {
    if (!request.url?.startsWith('/bytes')) {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>ceiling</title>');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' });
    response.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(Number(args.port) + 1, '127.0.0.1', resolve));
  const context = await browser.newContext();
  try {
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/start`);
    await throttle(context, page);
    return await page.evaluate(
      async ([count]) => {
        const started = performance.now();
        for (let i = 0; i < count; i++) await (await fetch(`/bytes?i=${i}`)).arrayBuffer();
        return performance.now() - started;
      },
      [requests] as const,
    );
  } finally {
    await context.close();
    await new Promise((resolve) => bare.close(resolve));
  }
}

async function seed(client: pg.Client, userId: string) {
  const lifts = Number(args.lifts);
  await client.query(
    `insert into lifts (uid, address, imei, parameters, trips, operating_hours)
     select 'SYNC-' || lpad(g::text, 6, '0'), 'Funkloch ' || g || ', 10115 Berlin', '36' || lpad(g::text, 13, '0'), $1::jsonb, g * 7, g / 10.0
     from generate_series(1, $2::int) as g`,
    [JSON.stringify(defaultParameters()), lifts],
  );
  await client.query(
    `insert into lift_users (lift_id, user_id, kind) select id, $1::uuid, 'serviceman' from lifts where uid like 'SYNC-%'`,
    [userId],
  );
  await client.query(
    `with bench as (select id, row_number() over (order by uid) as n from lifts where uid like 'SYNC-%'),
          series as (select g, now() - (g % 89) * interval '1 day' - (g % 1440) * interval '1 minute' as at
                     from generate_series(1, $1::int) as g)
     insert into messages (year, lift_id, kind, code, active, trips, operating_hours, at)
     select extract(year from s.at)::smallint, b.id,
            case when s.g % 2 = 0 then 'stats' else 'error' end,
            case when s.g % 2 = 0 then null else 1 + (s.g % 50) end,
            case when s.g % 2 = 0 then null else s.g % 4 = 1 end,
            case when s.g % 2 = 0 then s.g else null end,
            case when s.g % 2 = 0 then s.g / 100.0 else null end,
            s.at
     from series s join bench b on b.n = (s.g % $2::int) + 1`,
    [Number(args.messages), lifts],
  );
  await client.query('analyze');
}

function report(label: string, run: Run, ceiling: number, oneRequest: number) {
  console.info(
    `\n${label}: ${run.rows} rows in the mirror, ${run.pages} pull pages, ${(run.bytes / 1024).toFixed(0)} KiB compressed`,
  );
  console.info(`  sign-in to first lift on screen        ${ms(run.toList)}`);
  console.info(`  sign-in to the first pull request      ${ms(run.toFirstPull)}`);
  console.info(`  sign-in to mirror complete             ${ms(run.toMirror)}`);
  console.info(
    `  ceiling: the same bytes in one bare request      ${ms(oneRequest)}  (mirror complete takes ${(run.toMirror / oneRequest).toFixed(2)}× the link alone)`,
  );
  console.info(
    `  ceiling: the same bytes in ${run.pages} bare requests  ${ms(ceiling)}  (${(run.toMirror / ceiling).toFixed(2)}×; latency per page included)`,
  );
}

async function main() {
  const portal = await startBuiltPortal({ prefix: 'lift_bench_first_sync', pg: args.pg, port: args.port });
  const browser = await chromium.launch(chromiumLaunchOptions());
  const client = new pg.Client({ connectionString: portal.databaseUrl });
  try {
    const session = (await (
      await fetch(`${BASE}/api/users/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: args.email, password: PASSWORD }),
      })
    ).json()) as { user: { id: string } };
    const userId = session.user.id;
    console.info(
      `throttled: ${NETWORK.latency} ms latency, 1.6 Mbit/s down, 750 kbit/s up, CPU ${args.cpu}× slower; signed in as ${args.email}`,
    );

    const demo = await firstSync(browser, userId);
    report(
      'demo data',
      demo,
      await rawTransfer(browser, demo.bytes, demo.pages),
      await rawTransfer(browser, demo.bytes, 1),
    );

    await client.connect();
    await seed(client, userId);
    const bigger = await firstSync(browser, userId);
    report(
      `demo data + ${args.lifts} lifts + ${args.messages} readings`,
      bigger,
      await rawTransfer(browser, bigger.bytes, bigger.pages),
      await rawTransfer(browser, bigger.bytes, 1),
    );
  } finally {
    await client.end().catch(() => {});
    await browser.close();
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
