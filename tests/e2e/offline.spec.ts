import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  chromium,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { MAIN_URL } from '../../playwright.config';
import { chromiumLaunchOptions } from '../../tools/chromium.mjs';
import {
  adminHeaders,
  errorMessageOf,
  liftWithError,
  openFaultNotes,
  tokenOf,
  waitForMirror,
  waitForServiceWorker,
} from './offline-support';
import { signInByToken, TOKEN_STORAGE_KEY } from './support';

/**
 * Offline-first (docs/sync.md) on the real server: the service man's mirror, the outbox and
 * its replay, conflicts, two tabs, lost access. A route interception stands in for a bad network.
 */

/** Adds the user's own note entry on the lift's fault (docs/telemetry.md#notes). */
async function writeNote(page: Page, liftId: string, text: string) {
  const dialog = await openFaultNotes(page, liftId);
  await dialog.getByLabel('Text').fill(text);
  await dialog.getByRole('button', { name: 'Notiz hinzufügen' }).click();
  await expect(dialog).toBeHidden();
}

const NOTE_ADD = /^\/api\/messages\/[^/]+\/notes$/;
const isNotesWrite = (url: URL, method: string) => method === 'POST' && NOTE_ADD.test(url.pathname);
const noteTexts = async (request: APIRequestContext, liftId: string) =>
  (await errorMessageOf(request, liftId)).noteEntries.map((entry) => entry.text);

test.describe.configure({ timeout: 120_000 });

test('after one online visit the lift list, detail, recent errors and the code lookup work offline, in German and English', async ({
  page,
  context,
  request,
}) => {
  const lift = await liftWithError(request);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForServiceWorker(page);
  await waitForMirror(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-online', 'false');
  await page.getByLabel('Aufzüge durchsuchen').fill(lift.uid);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('link', { name: lift.uid }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aufzug ${lift.uid}`);
  await page.getByRole('tab', { name: 'Fehler und Infos' }).click();
  const recent = page.getByRole('table', { name: 'Letzte Fehler und Infos' });
  await expect(recent.getByRole('row').filter({ hasText: 'Türzonenfehler' })).toHaveCount(1);

  await page.goto('/apps/errors');
  await page.getByLabel('Code oder Stichwort', { exact: true }).fill('101');
  await expect(page.getByTestId('code-match').first()).toContainText('Türzonenfehler');

  // The same in English, still offline.
  await page.evaluate(() => localStorage.setItem('lift-portal.language', 'en'));
  await page.reload();
  await page.getByLabel('Code or word', { exact: true }).fill('101');
  await expect(page.getByTestId('code-match').first()).toContainText('Door zone fault');
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lift ${lift.uid}`);
  await page.getByRole('tab', { name: 'Errors and infos' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Recent errors and infos' })
      .getByRole('row')
      .filter({ hasText: 'Door zone fault' }),
  ).toHaveCount(1);
  await page.goto('/apps/lift/lifts');
  await page.getByLabel('Search lifts').fill(lift.uid);
  await expect(page.locator('tbody tr')).toHaveCount(1);
});

test('the first sync writes its pages in a worker', async ({ page, request }) => {
  const lift = await liftWithError(request);
  const writer = page.waitForEvent('worker', (worker) => worker.url().includes('page-writer'));
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForMirror(page);
  // Still running after the sync: a worker that failed is ended and its pages written on the page.
  expect(await (await writer).evaluate(() => typeof onmessage)).toBe('function');
  await page.getByLabel('Aufzüge durchsuchen').fill(lift.uid);
  await expect(page.locator('tbody tr')).toHaveCount(1);
});

test('a first sync whose worker cannot start writes its pages on the page', async ({ page, request }) => {
  const lift = await liftWithError(request);
  // src/data/mirror/page-writer.ts falls back to writing here.
  await page.route('**/page-writer.worker-*.js', (route) => route.abort());
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForMirror(page);
  await page.getByLabel('Aufzüge durchsuchen').fill(lift.uid);
  await expect(page.locator('tbody tr')).toHaveCount(1);
});

test('a note written offline reaches the server exactly once through a 500, a hang and a duplicate', async ({
  page,
  context,
  request,
}) => {
  const lift = await liftWithError(request);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForServiceWorker(page);
  await waitForMirror(page);

  await context.setOffline(true);
  await writeNote(page, lift.id, 'Offline-Notiz');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '1');
  await expect(page.getByRole('button', { name: 'Notizen (1)' })).toBeVisible();

  // First try: 500. Second: no answer (the client gives up). Third: the request arrives twice.
  let attempt = 0;
  const keys: string[] = [];
  let replayed: string | null = null;
  await page.route(
    (url) => NOTE_ADD.test(url.pathname),
    async (route) => {
      if (!isNotesWrite(new URL(route.request().url()), route.request().method())) return route.continue();
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      attempt++;
      if (attempt === 1) return route.fulfill({ status: 500, json: { message: 'Server error' } });
      if (attempt === 2) return new Promise<void>(() => undefined);
      await route.fetch();
      const again = await route.fetch();
      replayed = again.headers()['idempotent-replayed'] ?? null;
      return route.fulfill({ response: again });
    },
  );
  await context.setOffline(false);

  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 60_000 });
  expect(attempt).toBe(3);
  expect(new Set(keys).size).toBe(1);
  expect(replayed).toBe('true');
  // Added once, though the server was asked twice.
  expect(await noteTexts(request, lift.id)).toEqual(['Offline-Notiz']);
});

test('a pending note survives closing the browser and is sent after it reopens', async ({ request }) => {
  const lift = await liftWithError(request);
  const token = await tokenOf(request, 'service_man');
  const profile = mkdtempSync(join(tmpdir(), 'lift-portal-offline-'));
  const open = async () => {
    const context = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions(),
      baseURL: MAIN_URL,
      locale: 'de-DE',
    });
    await context.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      [TOKEN_STORAGE_KEY, token] as const,
    );
    return context;
  };
  let context: BrowserContext | null = await open();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/apps/lift/lifts');
    await waitForServiceWorker(page);
    await waitForMirror(page);
    await context.setOffline(true);
    await writeNote(page, lift.id, 'Notiz vor dem Schließen');
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '1');
    await context.close();
    context = null;
    expect(await noteTexts(request, lift.id)).toEqual([]);

    context = await open();
    const reopened = context.pages()[0] ?? (await context.newPage());
    await reopened.goto('/apps/sync');
    await expect(reopened.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', {
      timeout: 30_000,
    });
    await expect.poll(() => noteTexts(request, lift.id)).toEqual(['Notiz vor dem Schließen']);
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a note written offline while the admin wrote his own: both arrive, each by its author, no conflict', async ({
  page,
  context,
  request,
}) => {
  const lift = await liftWithError(request);
  const headers = await adminHeaders(request);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForServiceWorker(page);
  await waitForMirror(page);

  await context.setOffline(true);
  await writeNote(page, lift.id, 'Meine Notiz');
  const office = await request.post(`/api/messages/${lift.message.id}/notes`, {
    headers,
    data: { year: new Date().getUTCFullYear(), id: crypto.randomUUID(), text: 'Büro-Notiz', urls: [] },
  });
  expect(office.ok(), await office.text()).toBeTruthy();
  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
  const texts = await noteTexts(request, lift.id);
  expect([...texts].sort()).toEqual(['Büro-Notiz', 'Meine Notiz']);

  // The lift page shows both once the server's reading came back.
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await page.getByRole('tab', { name: 'Fehler und Infos' }).click();
  await expect(page.getByRole('button', { name: 'Notizen (2)' })).toBeVisible({ timeout: 30_000 });
});

test('two tabs: one sends the change, both show it', async ({ page, context, request }) => {
  const lift = await liftWithError(request);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForServiceWorker(page);
  await waitForMirror(page);
  const other = await context.newPage();
  await other.goto(`/apps/lift/lifts/${lift.id}`);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Aufzug ${lift.uid}`);
  await other.getByRole('tab', { name: 'Fehler und Infos' }).click();

  await context.setOffline(true);
  await expect(other.getByRole('button', { name: 'Notiz hinzufügen' })).toBeVisible();
  await writeNote(page, lift.id, 'Zwei Tabs');
  // The other tab shows the waiting change at once: they share the mirror.
  await expect(other.getByRole('button', { name: 'Notizen (1)' })).toBeVisible();
  await expect(other.getByTestId('sync-status')).toHaveAttribute('data-waiting', '1');

  let writes = 0;
  await context.route(
    (url) => NOTE_ADD.test(url.pathname),
    async (route) => {
      if (isNotesWrite(new URL(route.request().url()), route.request().method())) writes++;
      return route.continue();
    },
  );
  await context.setOffline(false);
  for (const tab of [page, other]) {
    await expect(tab.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
    await expect(tab.getByRole('button', { name: 'Notizen (1)' })).toBeVisible();
  }
  expect(writes).toBe(1);
  expect(await noteTexts(request, lift.id)).toEqual(['Zwei Tabs']);
});

test('a lift unassigned from the service man disappears from his device with the next sync', async ({
  page,
  context,
  request,
}) => {
  const lift = await liftWithError(request);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForServiceWorker(page);
  await waitForMirror(page);
  await page.getByLabel('Aufzüge durchsuchen').fill(lift.uid);
  await expect(page.locator('tbody tr')).toHaveCount(1);

  // Offline, so no live event can tell him: only the sync when he is back.
  await context.setOffline(true);
  const headers = await adminHeaders(request);
  const response = await request.put(`/api/lifts/${lift.id}`, { headers, data: { servicemen: [] } });
  expect(response.ok(), await response.text()).toBeTruthy();
  await page.reload();
  await page.getByLabel('Aufzüge durchsuchen').fill(lift.uid);
  await expect(page.locator('tbody tr')).toHaveCount(1);

  await context.setOffline(false);
  await expect(page.locator('tbody tr')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Keine Aufzüge gefunden.')).toBeVisible();
  // Also gone offline: the mirror no longer holds it.
  await context.setOffline(true);
  await page.reload();
  await page.getByLabel('Aufzüge durchsuchen').fill(lift.uid);
  await expect(page.getByText('Keine Aufzüge gefunden.')).toBeVisible();
});

test('a page that needs the server says so offline and shows its last answer from the cache', async ({
  page,
  context,
  request,
}) => {
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/users/users');
  await waitForServiceWorker(page);
  // The list was answered once online, so the service worker holds it.
  await page.reload();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const firstRow = (await page.locator('tbody tr').first().textContent()) ?? '';

  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByText('Sie sind offline. Dafür braucht es eine Verbindung zum Server.'),
  ).toBeVisible();
  await expect(page.getByTestId('shown-from-cache')).toBeVisible();
  await expect(page.locator('tbody tr').first()).toHaveText(firstRow);
});

test("signing out removes the user's mirror from the device", async ({ page, request }) => {
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForMirror(page);
  const mirrors = () =>
    page.evaluate(async () =>
      (await indexedDB.databases())
        .map((db) => db.name ?? '')
        .filter((name) => name.startsWith('lift-portal-mirror-')),
    );
  expect(await mirrors()).toHaveLength(1);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(mirrors).toEqual([]);
});

test('offline, the shell says so in words with the waiting change; back online, that it was delivered', async ({
  page,
  context,
  request,
}) => {
  const lift = await liftWithError(request);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForServiceWorker(page);
  await waitForMirror(page);
  const notice = page.getByTestId('offline-notice');
  await expect(notice).toBeHidden();

  await context.setOffline(true);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Offline');
  await writeNote(page, lift.id, 'Notiz aus dem Keller');
  // Readable on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(notice).toContainText('Offline — 1 Änderung wartet');
  await expect(notice).toBeInViewport();

  await context.setOffline(false);
  await expect(notice).toBeHidden();
  await expect(page.getByText('Ihre 1 Änderung wurde übertragen')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0');
});
