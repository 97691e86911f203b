/**
 * Offline-first benchmark (run by hand after `npm run build`: `npm run bench:offline`). Starts the
 * built server on a scratch PostgreSQL database with the demo data, gives the demo service man
 * 10,000 more lifts, adds 2,000 descriptions and 50,000 messages of the last 90 days, and drives
 * headless Chromium as that service man. Each figure is printed next to a ceiling measured in the
 * same run, since absolute times on these machines are not comparable:
 *
 * 1. first sync: time until the lift list shows rows, time until the mirror is complete, and rows
 *    written per second into IndexedDB (over the whole visit, and from the first pull on: the app
 *    starts before it), against a bare IndexedDB write of the same rows;
 * 2. error-code lookup over 10,000 descriptions (8,000 more arrive by delta sync): keystroke to the
 *    result in the page (target p95 < 16 ms, one frame) and to the painted frame, p50 and p95,
 *    against the same path through a bare input (waiting for the next frame is the floor);
 * 3. delta sync: 100 lifts changed through the API, until every change is in the mirror and the
 *    first page on screen shows them, against the time the server took to answer the 100 changes.
 *
 *   tsx tools/bench/offline.ts [--lifts 10000] [--descriptions 2000] [--messages 50000]
 *     [--lookupDescriptions 10000] [--lookups 200] [--visits 1] [--proxy] [--pg postgres://postgres@127.0.0.1:5432]
 *
 * `--proxy` puts the shipped tools/deploy/nginx.conf in front of the portal (Debian's nginx, a
 * self-signed certificate, HTTPS with HTTP/2, as a deployment runs it) and opens the pages through
 * it; the bench's own API calls still go straight to the portal.
 *
 * `--visits N` opens the list N times, each in a fresh browser context (nothing cached, the token
 * in localStorage), and prints every time and their median: one figure on a noisy machine is not
 * enough to compare two builds. The last visit goes on to the mirror, lookup and delta figures.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Browser, chromium, type Page } from 'playwright-core';
import { defaultParameters } from '../../contract/parameters';
import { PULL_PAGE_LIMIT } from '../../src/data/mirror/pull';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { startScratchNginx } from '../deploy/scratch-nginx';
import { lastSyncAt, startBuiltPortal } from './portal-server';

const { values: args } = parseArgs({
  options: {
    lifts: { type: 'string', default: '10000' },
    descriptions: { type: 'string', default: '2000' },
    messages: { type: 'string', default: '50000' },
    lookups: { type: 'string', default: '200' },
    lookupDescriptions: { type: 'string', default: '10000' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    port: { type: 'string', default: '3198' },
    visits: { type: 'string', default: '1' },
    proxy: { type: 'boolean', default: false },
  },
});
const BASE = `http://127.0.0.1:${args.port}`;
/** Where the browser opens the pages: the portal, or the shipped nginx in front of it (`--proxy`). */
let pageBase = BASE;
const LIFTS = Number(args.lifts);
const DESCRIPTIONS = Number(args.descriptions);
const MESSAGES = Number(args.messages);
const FIRST_BENCH_CODE = 10_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function api<T = unknown>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Session {
  access_token: string;
  user: { id: string };
}

async function seed(client: pg.Client, serviceManId: string) {
  await client.query(
    `insert into lifts (uid, address, imei, parameters, trips, operating_hours)
     select 'BENCH-' || lpad(g::text, 6, '0'), 'Prüfstraße ' || g || ', 10115 Berlin', '35' || lpad(g::text, 13, '0'), $1::jsonb, g * 7, g / 10.0
     from generate_series(1, $2::int) as g`,
    [JSON.stringify(defaultParameters()), LIFTS],
  );
  await client.query(
    `insert into lift_users (lift_id, user_id, kind) select id, $1::uuid, 'serviceman' from lifts where uid like 'BENCH-%'`,
    [serviceManId],
  );
  await client.query(
    `insert into descriptions (number, name, name_de, type, content, text)
     select $1::int + g, 'Bench error ' || g || ' (test)', 'Bench-Fehler ' || g || ' (Prüfung)',
            case when g % 5 = 0 then 'info' else 'error' end, 'Check the door contacts of stop ' || (g % 12), ''
     from generate_series(0, $2::int - 1) as g`,
    [FIRST_BENCH_CODE, DESCRIPTIONS],
  );
  await client.query(
    `with bench as (select id, row_number() over (order by uid) as n from lifts where uid like 'BENCH-%'),
          series as (select g, now() - (g % 89) * interval '1 day' - (g % 1440) * interval '1 minute' as at
                     from generate_series(1, $1::int) as g)
     insert into messages (year, lift_id, kind, code, active, trips, operating_hours, at)
     select extract(year from s.at)::smallint, b.id,
            case when s.g % 3 = 0 then 'stats' when s.g % 3 = 1 then 'error' else 'info' end,
            case when s.g % 3 = 0 then null else $2::int + (s.g % $3::int) end,
            case when s.g % 3 = 0 then null else s.g % 2 = 0 end,
            case when s.g % 3 = 0 then s.g else null end,
            case when s.g % 3 = 0 then s.g / 100.0 else null end,
            s.at
     from series s join bench b on b.n = (s.g % $4::int) + 1`,
    [MESSAGES, FIRST_BENCH_CODE, DESCRIPTIONS, LIFTS],
  );
  await client.query('analyze');
}

/** Rows the service man's mirror must hold once complete, counted by the database itself. */
async function expectedRows(client: pg.Client, serviceManId: string) {
  const scoped = `select lift_id from lift_users lu join lifts l on l.id = lu.lift_id
                  where lu.user_id = $1 and l.deleted_at is null`;
  const [{ lifts, descriptions, messages }] = (
    await client.query(
      `select (select count(distinct lift_id) from (${scoped}) s)::int as lifts,
              (select count(*) from descriptions where deleted_at is null)::int as descriptions,
              (select count(*) from messages where deleted_at is null and at > now() - interval '90 days'
                 and lift_id in (${scoped}))::int as messages`,
      [serviceManId],
    )
  ).rows;
  return { lifts, descriptions, messages };
}

/** Counts the rows of the mirror's tables through the bare IndexedDB API. */
function countMirror(page: Page, name: string) {
  return page.evaluate(
    (dbName) =>
      new Promise<{ lifts: number; descriptions: number; messages: number }>((resolve) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => resolve({ lifts: 0, descriptions: 0, messages: 0 });
        open.onsuccess = () => {
          const db = open.result;
          const stores = ['lifts', 'descriptions', 'messages'].filter((store) =>
            db.objectStoreNames.contains(store),
          );
          if (stores.length < 3) {
            db.close();
            resolve({ lifts: 0, descriptions: 0, messages: 0 });
            return;
          }
          const tx = db.transaction(stores, 'readonly');
          const counts = { lifts: 0, descriptions: 0, messages: 0 };
          for (const store of stores) {
            const request = tx.objectStore(store).count();
            request.onsuccess = () => {
              counts[store as keyof typeof counts] = request.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(counts);
          };
        };
      }),
    name,
  );
}

/**
 * The ceiling of the first sync: the same rows written into a scratch IndexedDB store, 2,000 a
 * transaction; with `withIndexes`, into stores with the mirror's own indexes (read from the mirror
 * database itself), since every index is one more write per row.
 */
function bareIndexedDbWrite(page: Page, mirrorName: string, withIndexes: boolean) {
  return page.evaluate(
    async ([dbName, withIndexes]) => {
      const open = (name: string, upgrade?: (db: IDBDatabase) => void) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = upgrade ? indexedDB.open(name, 1) : indexedDB.open(name);
          request.onupgradeneeded = () => upgrade?.(request.result);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const done = (tx: IDBTransaction) =>
        new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      const source = await open(dbName);
      const rows: Record<string, unknown[]> = {};
      const indexes: Record<string, { name: string; keyPath: string | string[]; unique: boolean }[]> = {};
      for (const store of ['lifts', 'descriptions', 'messages']) {
        const tx = source.transaction(store, 'readonly');
        const objectStore = tx.objectStore(store);
        indexes[store] = Array.from(objectStore.indexNames, (name) => {
          const index = objectStore.index(name);
          return { name, keyPath: index.keyPath, unique: index.unique };
        });
        const request = objectStore.getAll();
        await done(tx);
        rows[store] = request.result;
      }
      source.close();
      const scratch = await open(`bench-scratch-${Date.now()}`, (db) => {
        for (const store of Object.keys(rows)) {
          const created = db.createObjectStore(store, { keyPath: 'id' });
          if (!withIndexes) continue;
          for (const index of indexes[store] ?? []) {
            created.createIndex(index.name, index.keyPath, { unique: index.unique });
          }
        }
      });
      const started = performance.now();
      let written = 0;
      for (const [store, list] of Object.entries(rows)) {
        for (let start = 0; start < list.length; start += 2000) {
          const tx = scratch.transaction(store, 'readwrite');
          const target = tx.objectStore(store);
          for (const row of list.slice(start, start + 2000)) target.put(row);
          await done(tx);
          written += Math.min(2000, list.length - start);
        }
      }
      const elapsed = performance.now() - started;
      const name = scratch.name;
      scratch.close();
      indexedDB.deleteDatabase(name);
      return { written, elapsed };
    },
    [mirrorName, withIndexes] as const,
  );
}

/** Keystroke to painted result, for `codes`, through the page's own lookup input; then a bare input. */
function measureLookups(page: Page, codes: number[]) {
  return page.evaluate(async (list) => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const type = (input: HTMLInputElement, value: string) => {
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    const until = (check: () => boolean) =>
      new Promise<void>((resolve) => {
        if (check()) return resolve();
        const observer = new MutationObserver(() => {
          if (check()) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });

    const input = document.getElementById('error-code-lookup') as HTMLInputElement;
    const lookup: number[] = [];
    const inDom: number[] = [];
    for (const code of list) {
      type(input, '');
      await frame();
      await frame();
      const started = performance.now();
      type(input, String(code));
      await until(
        () =>
          document.querySelector('[data-testid="code-match"]')?.textContent?.startsWith(`${code} ·`) ?? false,
      );
      inDom.push(performance.now() - started);
      await frame();
      lookup.push(performance.now() - started);
    }

    // The floor: the same typing into an input that only echoes its value.
    const bare = document.createElement('input');
    const echo = document.createElement('div');
    bare.addEventListener('input', () => {
      echo.textContent = `${bare.value} ·`;
    });
    document.body.append(bare, echo);
    const floor: number[] = [];
    for (const code of list) {
      type(bare, '');
      await frame();
      await frame();
      const started = performance.now();
      type(bare, String(code));
      await until(() => echo.textContent === `${code} ·`);
      await frame();
      floor.push(performance.now() - started);
    }
    bare.remove();
    echo.remove();
    return { lookup, inDom, floor };
  }, codes);
}

async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Opens the lift list as the service man on a first visit and times it until the first rows show. */
async function firstVisit(browser: Browser, token: string) {
  const context = await browser.newContext({
    locale: 'de-DE',
    viewport: { width: 1280, height: 900 },
    // `--proxy`: nginx's certificate is self-signed.
    ignoreHTTPSErrors: args.proxy,
  });
  await context.addInitScript((accessToken) => localStorage.setItem('access_token', accessToken), token);
  // tsx keeps function names with an `__name` helper that the page does not have.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  // What the list's time is made of: when its API page and the first pull pages were asked and answered.
  const requests: Array<{ what: string; asked: number; answered: number }> = [];
  const asked = new Map<unknown, number>();
  // The sync's own span starts with its first pull: before it, the app starts (counted in the list's time).
  const sync = { firstPullAsked: undefined as number | undefined };
  page.on('request', (request) => {
    asked.set(request, performance.now());
    if (sync.firstPullAsked === undefined && new URL(request.url()).pathname.startsWith('/api/sync/pull')) {
      sync.firstPullAsked = performance.now();
    }
  });
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    const what = url.pathname.startsWith('/api/sync/pull')
      ? 'sync pull'
      : url.pathname.startsWith('/api/')
        ? url.pathname
        : url.pathname.endsWith('.js')
          ? 'script'
          : null;
    if (what) requests.push({ what, asked: asked.get(request) ?? 0, answered: performance.now() });
  });
  const started = performance.now();
  await page.goto(`${pageBase}/apps/lift/lifts`);
  await page.locator('table tbody tr').first().waitFor({ timeout: 120_000 });
  const usable = performance.now() - started;
  const timeline = requests
    .filter((entry) => entry.asked - started < usable)
    .map(
      (entry) =>
        `    ${entry.what.padEnd(34)} asked ${ms(entry.asked - started).padStart(10)}, answered ${ms(entry.answered - started).padStart(10)}`,
    );
  return { context, page, started, usable, timeline, sync };
}

async function main() {
  const portal = await startBuiltPortal({ prefix: 'lift_bench_offline', pg: args.pg, port: args.port });
  const port = Number(args.port);
  const proxy = args.proxy
    ? await startScratchNginx({ upstreams: [port, port], httpPort: port + 100, httpsPort: port + 101 }).catch(
        async (error) => {
          await portal.stop();
          throw error;
        },
      )
    : undefined;
  if (proxy) {
    pageBase = proxy.httpsUrl;
    console.info(`pages through the shipped nginx: ${pageBase} (HTTPS, HTTP/2)`);
  }
  const browser = await chromium.launch(chromiumLaunchOptions());
  const client = new pg.Client({ connectionString: portal.databaseUrl });
  try {
    const serviceMan = await api<Session>('/api/users/authenticate', {
      body: { email: 'service@demo.local', password: 'demo1234' },
    });
    const adminSession = await api<Session>('/api/users/authenticate', {
      body: { email: 'admin@demo.local', password: 'demo1234' },
    });

    await client.connect();
    const seedStarted = performance.now();
    await seed(client, serviceMan.user.id);
    const expected = await expectedRows(client, serviceMan.user.id);
    const expectedTotal = expected.lifts + expected.descriptions + expected.messages;
    console.info(
      `seeded in ${Math.round(performance.now() - seedStarted)} ms; the service man's mirror must hold ` +
        `${expected.lifts} lifts, ${expected.descriptions} descriptions, ${expected.messages} messages (${expectedTotal} rows)`,
    );

    // 1. First sync: the list on a first visit, `--visits` times, each in a fresh context.
    const mirror = `lift-portal-mirror-${serviceMan.user.id}`;
    const visits = Math.max(1, Number(args.visits));
    const usableTimes: number[] = [];
    let visit: Awaited<ReturnType<typeof firstVisit>> | undefined;
    for (let i = 0; i < visits; i++) {
      if (visit) await visit.context.close();
      visit = await firstVisit(browser, serviceMan.access_token);
      usableTimes.push(visit.usable);
      if (visits > 1) console.info(`  visit ${i + 1}: list usable ${ms(visit.usable)}`);
    }
    if (!visit) throw new Error('no visit');
    const { page, started, usable, timeline, sync } = visit;
    // Polled by the app's own mark of a finished pull (one key), not by counting the stores: a count
    // every 25 ms walks all rows and holds the writes back, which slowed the figure it measured.
    await waitFor(
      () => lastSyncAt(page, mirror),
      (value) => value !== null,
      600_000,
    );
    let synced = performance.now() - started;
    let counts = await countMirror(page, mirror);
    if (counts.lifts + counts.descriptions + counts.messages < expectedTotal) {
      counts = await waitFor(
        () => countMirror(page, mirror),
        (c) => c.lifts + c.descriptions + c.messages >= expectedTotal,
        600_000,
      );
      synced = performance.now() - started;
    }
    const stored = counts.lifts + counts.descriptions + counts.messages;
    const bare = await bareIndexedDbWrite(page, mirror, false);
    const bareIndexed = await bareIndexedDbWrite(page, mirror, true);
    // The server's share: the same pull, page by page, by this process with no browser and no writes.
    const serverStarted = performance.now();
    let serverPages = 0;
    for (let cursor = ''; ; ) {
      const answer = await api<{ cursor: string; hasMore: boolean }>(
        `/api/sync/pull?limit=${PULL_PAGE_LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { token: serviceMan.access_token },
      );
      serverPages++;
      cursor = answer.cursor;
      if (!answer.hasMore) break;
    }
    const serverAlone = performance.now() - serverStarted;
    console.info('\nfirst sync');
    console.info(`  list usable (first rows on screen)  ${ms(usable)}`);
    if (visits > 1) {
      const sorted = [...usableTimes].sort((a, b) => a - b);
      console.info(
        `  over ${visits} first visits: median ${ms(percentile(sorted, 0.5))}, min ${ms(sorted[0] ?? 0)}, max ${ms(sorted.at(-1) ?? 0)}`,
      );
    }
    console.info('  (the waterfall of the last visit)');
    console.info(`  requests asked before the list was usable:\n${timeline.join('\n')}`);
    console.info(
      `  mirror complete                      ${ms(synced)}  (${stored} of ${expectedTotal} rows)`,
    );
    console.info(
      `  rows into IndexedDB per second       ${Math.round(stored / (synced / 1000))} rows/s (download, apply and write)`,
    );
    const rate = (run: { written: number; elapsed: number }) => run.written / (run.elapsed / 1000);
    const mirrorRate = stored / (synced / 1000);
    // From the first pull on: the sync's own rate, without the app's start before it.
    const syncSpan = synced - ((sync.firstPullAsked ?? started) - started);
    const syncRate = stored / (syncSpan / 1000);
    console.info(
      `  of which the sync (first pull asked ${ms((sync.firstPullAsked ?? started) - started)} in)  ${ms(syncSpan)}, ${Math.round(syncRate)} rows/s`,
    );
    const ratios = (ceiling: number) =>
      `ratio ${Math.round((100 * mirrorRate) / ceiling)} %, from the first pull ${Math.round((100 * syncRate) / ceiling)} %`;
    console.info(
      `  ceiling: bare IndexedDB writes       ${Math.round(rate(bare))} rows/s (${bare.written} rows in ${ms(bare.elapsed)}); ${ratios(rate(bare))}`,
    );
    console.info(
      `  same, with the mirror's indexes      ${Math.round(rate(bareIndexed))} rows/s (${bareIndexed.written} rows in ${ms(bareIndexed.elapsed)}); ${ratios(rate(bareIndexed))}`,
    );
    console.info(
      `  server alone: the pull's ${serverPages} pages in turn  ${ms(serverAlone)}, ${Math.round(expectedTotal / (serverAlone / 1000))} rows/s (no browser, no writes)`,
    );

    // 2. Error-code lookup, over a catalogue grown to `lookupDescriptions` (it reaches the mirror by sync).
    const grow = Number(args.lookupDescriptions) - DESCRIPTIONS;
    if (grow > 0) {
      await client.query(
        `insert into descriptions (number, name, name_de, type, content, text)
         select $1::int + g, 'Bench error ' || g || ' (test)', 'Bench-Fehler ' || g || ' (Prüfung)', 'error', '', ''
         from generate_series($2::int, $3::int - 1) as g`,
        [FIRST_BENCH_CODE, DESCRIPTIONS, Number(args.lookupDescriptions)],
      );
    }
    const catalogue = expected.descriptions + Math.max(0, grow);
    await waitFor(
      () => countMirror(page, mirror),
      (c) => c.descriptions >= catalogue,
      120_000,
    );
    await page.goto(`${pageBase}/apps/errors`);
    await page.locator('#error-code-lookup').waitFor();
    await page.waitForFunction(
      (code) => {
        const input = document.getElementById('error-code-lookup') as HTMLInputElement;
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setValue.call(input, String(code));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        return document.querySelector('[data-testid="code-match"]') !== null;
      },
      FIRST_BENCH_CODE + Math.max(DESCRIPTIONS, Number(args.lookupDescriptions)) - 1,
      { timeout: 60_000, polling: 200 },
    );
    const codes = Array.from(
      { length: Number(args.lookups) },
      (_, i) => FIRST_BENCH_CODE + ((i * 7919) % Math.max(DESCRIPTIONS, Number(args.lookupDescriptions))),
    );
    const { lookup, inDom, floor } = await measureLookups(page, codes);
    for (const list of [lookup, inDom, floor]) list.sort((a, b) => a - b);
    const line = (label: string, list: number[]) =>
      `  ${label.padEnd(36)} p50 ${ms(percentile(list, 0.5))}   p95 ${ms(percentile(list, 0.95))}`;
    console.info(`\nerror-code lookup over ${catalogue} descriptions, ${codes.length} lookups`);
    console.info(
      `${line('keystroke to result in the page', inDom)}   (the work; target p95 < 16 ms, one frame)`,
    );
    console.info(line('keystroke to painted result', lookup));
    console.info(`${line('ceiling: bare input to painted echo', floor)}   (waiting for the next frame)`);

    // 3. Delta sync of 100 lifts changed on the server.
    await page.goto(`${pageBase}/apps/lift/lifts`);
    await page.locator('table tbody tr').first().waitFor();
    const firstPage = await page.locator('table tbody tr').count();
    // The first 100 of his lifts in the list's order (by ID), so the first page on screen is among them.
    const { rows: changed } = await client.query<{ id: string; uid: string }>(
      `select distinct l.id, l.uid from lifts l join lift_users lu on lu.lift_id = l.id
       where lu.user_id = $1 and l.deleted_at is null order by l.uid limit 100`,
      [serviceMan.user.id],
    );
    const marker = `Delta ${randomBytes(3).toString('hex')}`;
    const changeStarted = performance.now();
    let answered = 0;
    for (let i = 0; i < changed.length; i += 10) {
      await Promise.all(
        changed.slice(i, i + 10).map((lift, j) =>
          api(`/api/lifts/${lift.id}`, {
            method: 'PUT',
            token: adminSession.access_token,
            body: { address: `${marker} ${i + j}, 10115 Berlin` },
          }),
        ),
      );
    }
    answered = performance.now() - changeStarted;
    const inMirror = await waitFor(
      () =>
        page.evaluate(
          ([dbName, prefix]) =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open(dbName);
              open.onsuccess = () => {
                const db = open.result;
                const tx = db.transaction('lifts', 'readonly');
                const request = tx.objectStore('lifts').getAll();
                tx.oncomplete = () => {
                  db.close();
                  resolve(
                    (request.result as { address: string }[]).filter((l) => l.address.startsWith(prefix))
                      .length,
                  );
                };
              };
            }),
          [mirror, marker] as const,
        ),
      (n) => n >= changed.length,
      120_000,
    );
    const mirrored = performance.now() - changeStarted;
    const onScreen = await waitFor(
      () => page.locator('table tbody tr', { hasText: marker }).count(),
      (n) => n >= Math.min(firstPage, changed.length),
      120_000,
    );
    const shown = performance.now() - changeStarted;
    console.info(
      `\ndelta sync of ${changed.length} lifts changed through the API (admin), watched by the service man`,
    );
    console.info(`  ceiling: server answered all changes   ${ms(answered)}`);
    console.info(
      `  all changes in the mirror               ${ms(mirrored)}  (${inMirror} of ${changed.length})`,
    );
    console.info(
      `  first page on screen shows them         ${ms(shown)}  (${onScreen} of ${firstPage} rows)`,
    );
  } finally {
    await client.end().catch(() => {});
    await browser.close();
    await proxy?.stop();
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
