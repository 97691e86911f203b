/**
 * Lighthouse benchmark (run by hand after `npm run build`: `npm run bench:lighthouse`,
 * docs/performance.md#lighthouse). Starts the built portal on a scratch PostgreSQL database with the
 * demo data, and runs Lighthouse's performance category with its default mobile preset (a
 * mid-range phone: simulated slow 4G, CPU 4x slower, 412 px wide) in Debian's Chromium over:
 *
 * - `/login`, signed out;
 * - the service man's lift list (`/apps/lift/lifts`), signed in: the bench signs in through the
 *   API and puts the token where the app keeps it (`localStorage.access_token`,
 *   src/data/session/session.ts) before Lighthouse loads the page, which keeps that storage
 *   (`disableStorageReset`); every run starts in a fresh browser profile, so the cache is cold;
 * - the ceiling: a static page of the same server (a copy of the build with one more file,
 *   `bench-ceiling.html`: the list's heading and 40 rows as plain HTML, no JavaScript).
 *
 * Prints the median of the runs of the performance score, first contentful paint, largest
 * contentful paint and total blocking time, then where the lift list's main thread went (the run
 * with the median score): Lighthouse's main-thread work by kind, the scripts by CPU time and the
 * longest tasks.
 *
 *   tsx tools/bench/lighthouse.ts [--runs 3] [--port 3820] [--pg postgres://postgres@127.0.0.1:5432]
 *     [--json <dir>] [--web <dir>] [--skip-lifts]
 *
 * `--json <dir>` keeps each run's full report (open it in the Lighthouse viewer). `--web <dir>`
 * measures another build's web app (a copy of an earlier `dist/web`) with this server, to compare a
 * change with what it changes. `--skip-lifts` measures `/login` and the ceiling only.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../../contract/constants';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { startBuiltPortal } from './portal-server';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3820' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    json: { type: 'string' },
    web: { type: 'string', default: 'dist/web' },
    'skip-lifts': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const CDP_PORT = Number(args.port) + 1;
const CEILING_FILE = 'bench-ceiling.html';
const LIFT_LIST = '/apps/lift/lifts';

const CEILING_HTML = `<!doctype html><html lang="de"><head><meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Lift-Portal</title></head>
<body><main><h1>Aufzüge</h1><ul>${Array.from(
  { length: 40 },
  (_, i) => `<li>Aufzug ${i + 1}, Musterstraße ${i + 1}, Berlin: in Betrieb</li>`,
).join('')}</ul></main></body></html>`;

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
}

interface TableItem {
  [key: string]: unknown;
}

interface Run {
  figures: Figures;
  lhr: {
    audits: Record<
      string,
      { numericValue?: number; displayValue?: string; details?: { items?: TableItem[] } } | undefined
    >;
  };
}

/** One Lighthouse run of `url` in a fresh Chromium profile; `token` signs the page in first. */
async function measure(origin: string, url: string, token: string | null, label: string, index: number) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-lighthouse-'));
  const launch = chromiumLaunchOptions();
  const context = await chromium.launchPersistentContext(profile, {
    ...launch,
    headless: true,
    args: [...launch.args, `--remote-debugging-port=${CDP_PORT}`],
  });
  try {
    if (token) {
      // The static page is the origin's smallest: nothing of the app is cached by it.
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${origin}/${CEILING_FILE}`);
      await page.evaluate((value) => localStorage.setItem('access_token', value), token);
      await page.goto('about:blank');
    }
    const result = await lighthouse(url, {
      port: CDP_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: token !== null,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = result.lhr as unknown as Run['lhr'] & {
      categories: { performance: { score: number | null } };
    };
    if (args.json) {
      mkdirSync(args.json, { recursive: true });
      writeFileSync(path.join(args.json, `${label}-${index}.json`), JSON.stringify(result.lhr));
    }
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      figures: {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
      },
      lhr,
    } satisfies Run;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${Math.round(value).toString().padStart(6)} ms`;

function summary(runs: Run[]): Figures {
  return {
    score: median(runs.map((run) => run.figures.score)),
    fcp: median(runs.map((run) => run.figures.fcp)),
    lcp: median(runs.map((run) => run.figures.lcp)),
    tbt: median(runs.map((run) => run.figures.tbt)),
  };
}

/** The run whose score is the median's, for the breakdown. */
const medianRun = (runs: Run[]) => {
  const score = median(runs.map((run) => run.figures.score));
  return runs.find((run) => run.figures.score === score) ?? runs[0];
};

const shortUrl = (url: unknown) => {
  const text = String(url ?? '');
  try {
    const parsed = new URL(text);
    return parsed.pathname.length > 1 ? parsed.pathname : text;
  } catch {
    return text;
  }
};

function printBreakdown(page: string, run: Run) {
  const items = (id: string) => run.lhr.audits[id]?.details?.items ?? [];
  console.info(`\nwhere ${page}'s main thread goes (Lighthouse, the median run, CPU 4x slower):`);
  for (const item of items('mainthread-work-breakdown').slice(0, 7)) {
    console.info(`  ${String(item.groupLabel ?? item.group).padEnd(34)} ${ms(Number(item.duration))}`);
  }
  console.info('  scripts by CPU time (total, of it scripting, parse and compile):');
  for (const item of items('bootup-time').slice(0, 6)) {
    console.info(
      `    ${shortUrl(item.url).slice(0, 60).padEnd(60)} ${ms(Number(item.total))} ${ms(Number(item.scripting))} ${ms(Number(item.scriptParseCompile))}`,
    );
  }
  console.info('  longest tasks (start, duration, script):');
  const tasks = [...items('long-tasks')].sort((a, b) => Number(b.duration) - Number(a.duration));
  for (const item of tasks.slice(0, 6)) {
    console.info(`    at ${ms(Number(item.startTime))} ${ms(Number(item.duration))}  ${shortUrl(item.url)}`);
  }
}

if (!existsSync(path.join(args.web, 'index.html')) || !existsSync('dist/server/main.js')) {
  console.error('Run "npm run build" first: the benchmark drives the built portal.');
  process.exit(1);
}
// The build as it is, plus the ceiling page (the server lists its static files when it starts).
const webDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-lighthouse-web-'));
cpSync(args.web, webDir, { recursive: true });
writeFileSync(path.join(webDir, CEILING_FILE), CEILING_HTML);

const portal = await startBuiltPortal({
  prefix: 'lift_bench_lighthouse',
  pg: args.pg,
  port: args.port,
  env: { WEB_DIR: webDir },
});
try {
  const signIn = await fetch(`${portal.base}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'service@demo.local', password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const results = { login: [] as Run[], lifts: [] as Run[], ceiling: [] as Run[] };
  // Pages alternate run by run, so that each meets the machine in the same state.
  for (let run = 0; run < RUNS; run += 1) {
    results.login.push(await measure(portal.base, `${portal.base}/login`, null, 'login', run));
    if (!args['skip-lifts'])
      results.lifts.push(await measure(portal.base, `${portal.base}${LIFT_LIST}`, token, 'lifts', run));
    results.ceiling.push(await measure(portal.base, `${portal.base}/${CEILING_FILE}`, null, 'ceiling', run));
  }
  console.info(`\nLighthouse 12, performance, mobile preset, ${RUNS} runs each (median):`);
  console.info(
    `${''.padEnd(36)} ${'score'.padStart(5)} ${'FCP'.padStart(9)} ${'LCP'.padStart(9)} ${'TBT'.padStart(9)}`,
  );
  const row = (label: string, f: Figures) =>
    console.info(`${label.padEnd(36)} ${String(f.score).padStart(5)} ${ms(f.fcp)} ${ms(f.lcp)} ${ms(f.tbt)}`);
  row('/login', summary(results.login));
  if (!args['skip-lifts']) row(`${LIFT_LIST} (service man)`, summary(results.lifts));
  row('ceiling: static page, same server', summary(results.ceiling));
  const login = medianRun(results.login);
  if (login) printBreakdown('/login', login);
  const lifts = medianRun(results.lifts);
  if (lifts) printBreakdown('the lift list', lifts);
} finally {
  await portal.stop();
  rmSync(webDir, { recursive: true, force: true });
}
