/**
 * Screenshots of the lift detail on a 360 px phone, in German, to show its layout on a small screen
 * (docs/screenshots/). Starts nothing itself: point it at a running portal, e.g.
 *
 *   npm run build && DATA_DIR=/tmp/shots PORT=4690 node dist/server/main.js   (demo data)
 *   tsx tools/screenshots/lift-detail.ts --url http://127.0.0.1:4690 [--token <access token>]
 *
 * Without a token it signs in as the demo service man (server/seed/demo-users.ts). The lift is
 * `--lift <id>`, else the first of his lifts with a current error. Writes:
 * - lift-detail-360-after-overview.png: the Overview tab, online;
 * - lift-detail-360-after-errors.png: the "Fehler und Infos" tab, online (one screen from the tabs down);
 * - lift-detail-360-offline.png: the same lift offline (the state "Stand …", from the mirror).
 * URL, token and lift may also come from SHOTS_URL, SHOTS_TOKEN, SHOTS_LIFT.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../contract/constants';
import { chromiumLaunchOptions } from '../chromium.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.SHOTS_URL ?? 'http://127.0.0.1:4690' },
    token: { type: 'string', default: process.env.SHOTS_TOKEN },
    lift: { type: 'string', default: process.env.SHOTS_LIFT },
    out: { type: 'string', default: 'docs/screenshots' },
  },
});
const BASE = (args.url ?? '').replace(/\/$/, '');
const PHONE = { width: 360, height: 740 };

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${BASE}${path}`, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function signIn(): Promise<string> {
  if (args.token) return args.token;
  const answer = await api<{ access_token: string }>('/api/users/authenticate', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'service@demo.local', password: DEMO_PASSWORD }),
  });
  return answer.access_token;
}

interface LiftRow {
  id: string;
  uid: string;
  state: { currentError: { code: number } | null };
}

async function pickLift(token: string): Promise<LiftRow> {
  const { lifts } = await api<{ lifts: LiftRow[] }>('/api/lifts/getByPagination?page=1&pageSize=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const lift = args.lift
    ? lifts.find((row) => row.id === args.lift)
    : (lifts.find((row) => row.state.currentError) ?? lifts[0]);
  if (!lift) throw new Error(args.lift ? `lift ${args.lift} is not among the user's lifts` : 'no lifts');
  return lift;
}

/** Until the page is drawn: the network quiet, the lazy parts in. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
}

async function main() {
  const token = await signIn();
  const lift = await pickLift(token);
  mkdirSync(args.out ?? '.', { recursive: true });
  const shot = (name: string) => join(args.out ?? '.', name);

  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ viewport: PHONE, locale: 'de-DE', deviceScaleFactor: 2 });
    await context.addInitScript(
      ([value]) => {
        localStorage.setItem('access_token', value);
        localStorage.setItem('lift-portal.language', 'de');
      },
      [token] as const,
    );
    const page = await context.newPage();
    const detail = `${BASE}/apps/lift/lifts/${lift.id}`;
    await page.goto(detail);
    await page.getByRole('tablist', { name: 'Aufzugsdetails' }).waitFor();
    await settle(page);
    await page.screenshot({ path: shot('lift-detail-360-after-overview.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Fehler und Infos', exact: true }).click();
    await page.locator('ul[aria-label="Letzte Fehler und Infos"]').waitFor({ state: 'attached' });
    await settle(page);
    // The tabs at the top and the first cards: the whole list (20 cards) would be too long to read.
    await page.getByRole('tablist', { name: 'Aufzugsdetails' }).evaluate((element) => {
      // Below the sticky top bar, not under it.
      const bar = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
      window.scrollBy(0, element.getBoundingClientRect().top - bar - 8);
    });
    await page.screenshot({ path: shot('lift-detail-360-after-errors.png') });

    // Offline: the mirror (filled by the visit above) answers, and the state is dated.
    await page.getByRole('tab', { name: 'Übersicht', exact: true }).click();
    await settle(page);
    await context.setOffline(true);
    await page
      .getByText(/Stand /)
      .first()
      .waitFor({ timeout: 20_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: shot('lift-detail-360-offline.png'), fullPage: true });
    await context.setOffline(false);
    console.info(`lift ${lift.uid} (${lift.id}): 3 screenshots in ${args.out}`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
