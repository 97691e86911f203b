// Size budget: the gzip size of the JavaScript the browser must load before /login is usable.
// Loads the production build in headless Chromium (service workers blocked, so precaching does
// not count), records every script the page asked for until the sign-in form is in the page,
// and gzips each one. Exits 1 above the budget, so CI fails.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../chromium.mjs';

// Lowered from 175 to 165 KB when the sign-in form dropped react-hook-form (161.4 KB measured with
// every domain in), then to the goal of 150 KB at 147.8 KB measured (docs/performance.md says what
// went and what is left). Back at 150 KB at 149.9 KB measured once the signed-in menu's texts left
// the first load (the `shell` catalog).
const BUDGET_KB = 150;
const WEB_DIR = 'dist/web';

if (!existsSync(join(WEB_DIR, 'index.html'))) {
  console.error(`No build in ${WEB_DIR}: run "npm run build" first.`);
  process.exit(1);
}

const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
};

// A static server with the SPA fallback the real server has; /api answers 404 like a guest's calls may.
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(
    /^(\.\.[/\\])+/,
    '',
  );
  if (path.startsWith('/api/')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
    return;
  }
  let file = join(WEB_DIR, path);
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(WEB_DIR, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  // Scripts asked for before the sign-in form was in the page count; those asked for later
  // (workbox-window, imported once the first page is drawn and loaded: src/main.tsx) are listed,
  // not counted. Both times are the page's own clock, so the split does not race the test.
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      if (!document.querySelector('input[type="password"]')) return;
      window.__formShownAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${origin}/login`);
  await page.locator('input[type="password"]').waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  const { shownAt, entries } = await page.evaluate(() => ({
    shownAt: window.__formShownAt,
    entries: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
  }));
  const scripts = new Set();
  const later = new Set();
  for (const { path, startTime } of entries) {
    if (!path.endsWith('.js')) continue;
    (startTime > shownAt ? later : scripts).add(path);
  }

  const sized = (paths) =>
    [...paths]
      .map((path) => {
        const raw = readFileSync(join(WEB_DIR, path));
        return { path, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
      })
      .sort((a, b) => b.gzip - a.gzip);
  const line = (row) =>
    `${(row.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(row.raw / 1024).toFixed(1).padStart(7)} KB raw  ${row.path}`;
  const rows = sized(scripts);
  for (const row of rows) console.info(line(row));
  for (const row of sized(later)) console.info(`${line(row)}  (after the page was usable: not counted)`);
  const totalKb = rows.reduce((sum, row) => sum + row.gzip, 0) / 1024;
  const verdict = totalKb <= BUDGET_KB ? 'within budget' : 'OVER BUDGET';
  console.info(
    `login path JavaScript: ${totalKb.toFixed(1)} KB gzip in ${rows.length} files; budget ${BUDGET_KB} KB: ${verdict}`,
  );
  process.exitCode = totalKb <= BUDGET_KB ? 0 : 1;
} finally {
  await browser.close();
  server.close();
}
