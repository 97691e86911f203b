/**
 * First paint of /login on a slow phone (docs/performance.md; run by hand after `npm run build`:
 * `npm run bench:first-paint`). Serves each given build (default `dist/web`) with the server's own
 * web-app plugin (precompressed files, the same headers), and loads /login cold in headless
 * Chromium under Chrome DevTools' throttling: 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency
 * (Network.emulateNetworkConditions) and the CPU 4 times slower (Emulation.setCPUThrottlingRate).
 * Service workers are blocked, so nothing comes from a precache.
 *
 * Per build, the median of the runs of:
 * - first contentful paint (the Paint Timing entry);
 * - login usable: the e-mail input is in the page and enabled, and so is the Login button's form
 *   (React attaches its handlers with the render, so the page answers input from then on);
 * - sign-in ready: from focusing the e-mail field and typing both fields to the Login button
 *   enabled (the page may load its rules on the first focus: docs/performance.md);
 * - the JavaScript the page fetched until usable (bytes on the wire, and files).
 *
 * The ceiling, measured in the same run under the same throttling, is a static page of the same
 * server with the same form and no JavaScript: no build can paint sooner.
 *
 *   tsx tools/bench/first-paint.ts [--runs 5] [--port 3700] [build dir ...]
 *   e.g. tsx tools/bench/first-paint.ts /tmp/main/dist/web dist/web   (before and after)
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import { webAppPlugin } from '../../server/plugins/web-app';
import { chromiumLaunchOptions } from '../chromium.mjs';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '3700' },
  },
});
const RUNS = Number(args.runs);
const builds = positionals.length > 0 ? positionals : ['dist/web'];

/** A DevTools "Slow 4G"-like profile, a phone on a poor mobile link; throughputs in bytes per second. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/** The ceiling: the sign-in form as plain HTML, nothing to download or run. */
const CEILING_PATH = '/bench-ceiling.html';
const CEILING_HTML = `<!doctype html><html lang="de"><head><meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Lift-Portal</title></head>
<body><main><h1>Anmelden</h1><form><label>E-Mail <input type="email" name="email"></label>
<label>Passwort <input type="password" name="password"></label><button type="submit">Login</button></form></main></body></html>`;

/** Records `__usableAt` when the e-mail input and its form's submit button are in the page, enabled. */
const USABLE_PROBE = `
  const observer = new MutationObserver(() => {
    const input = document.querySelector('input[type="email"]');
    if (window.__usableAt === undefined && input && !input.disabled && input.form?.querySelector('button[type="submit"]')) {
      window.__usableAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
`;

interface Run {
  fcp: number;
  usable: number;
  signInReady: number | null;
  scriptBytes: number;
  scripts: number;
}

async function serve(webDir: string, port: number) {
  const app = Fastify({ logger: false });
  // As the real server: the API is not this bench's business; a guest's calls get a 404.
  app.all('/api/*', async (_request, reply) => reply.code(404).send({ message: 'Not found' }));
  app.get(CEILING_PATH, async (_request, reply) =>
    reply.type('text/html').header('cache-control', 'no-cache').send(CEILING_HTML),
  );
  await app.register(webAppPlugin, { webDir });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

async function measure(browser: Browser, url: string, withForm: boolean): Promise<Run> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 915 },
  });
  try {
    const page = await context.newPage();
    // The moment the form is in the page and enabled, seen from inside (a DOM mutation, before
    // paint). A string: tsx would wrap named functions in a helper the page does not have.
    await page.addInitScript(USABLE_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    await page.goto(url);
    await page.waitForFunction(
      () => (globalThis as unknown as { __usableAt?: number }).__usableAt !== undefined,
      null,
      {
        timeout: 60_000,
      },
    );
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const timing = await page.evaluate(() => {
      const usable = (globalThis as unknown as { __usableAt: number }).__usableAt;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
        .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
        .filter((entry) => entry.responseEnd <= usable);
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        usable,
        scriptBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        scripts: scripts.length,
      };
    });

    let signInReady: number | null = null;
    if (withForm) {
      // A user (or the browser's autofill) fills the form: until Login is enabled, it cannot be sent.
      const started = await page.evaluate(() => performance.now());
      await page.locator('input[type="email"]').fill('admin@example.com');
      await page.locator('input[type="password"]').fill('secret-password');
      const enabledAt = await page
        .waitForFunction(
          () => {
            const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
            return button && !button.disabled ? performance.now() : null;
          },
          null,
          { timeout: 60_000, polling: 'raf' },
        )
        .then((handle) => handle.jsonValue());
      signInReady = (enabledAt ?? Number.NaN) - started;
    }
    return { ...timing, signInReady };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${Math.round(value).toString().padStart(5)} ms`;

function summarize(runs: Run[]) {
  const signIn = runs.map((run) => run.signInReady).filter((value): value is number => value !== null);
  return {
    fcp: median(runs.map((run) => run.fcp)),
    usable: median(runs.map((run) => run.usable)),
    signInReady: signIn.length > 0 ? median(signIn) : null,
    scriptKb: median(runs.map((run) => run.scriptBytes)) / 1024,
    scripts: median(runs.map((run) => run.scripts)),
  };
}

for (const build of builds) {
  if (!existsSync(resolve(build, 'index.html'))) {
    console.error(`No build in ${build}: run "npm run build" first.`);
    process.exit(1);
  }
}

console.info(
  `/login cold, ${RUNS} runs each (median): ${NETWORK.latency} ms latency, 1.6 Mbit/s down, 750 kbit/s up, CPU ${CPU_SLOWDOWN}x slower`,
);
const browser = await chromium.launch(chromiumLaunchOptions());
const servers = await Promise.all(
  builds.map((build, index) => serve(resolve(build), Number(args.port) + index)),
);
try {
  const results = builds.map(() => ({ page: [] as Run[], ceiling: [] as Run[] }));
  // Builds and ceilings alternate run by run, so that each meets the machine in the same state.
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, result] of results.entries()) {
      const origin = `http://127.0.0.1:${Number(args.port) + index}`;
      result.page.push(await measure(browser, `${origin}/login`, true));
      result.ceiling.push(await measure(browser, `${origin}${CEILING_PATH}`, false));
    }
  }
  for (const [index, result] of results.entries()) {
    const login = summarize(result.page);
    const floor = summarize(result.ceiling);
    console.info(`\n${builds[index]}`);
    console.info(
      `  first contentful paint ${ms(login.fcp)}   ceiling (static page, same server) ${ms(floor.fcp)}   ratio ${(login.fcp / floor.fcp).toFixed(2)}`,
    );
    console.info(
      `  login usable           ${ms(login.usable)}   ceiling ${ms(floor.usable)}   ratio ${(login.usable / floor.usable).toFixed(2)}`,
    );
    console.info(
      `  sign-in ready after typing ${login.signInReady === null ? 'n/a' : ms(login.signInReady)}`,
    );
    console.info(
      `  JavaScript until usable: ${login.scriptKb.toFixed(1)} KB on the wire in ${login.scripts} files`,
    );
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.close()));
}
