import { expect, type Locator, test } from '@playwright/test';
import { berlinDay } from '../../contract/maintenance';
import type { AlarmListItem } from '../../contract/schemas/alarm';
import { adminHeaders, liftWithError, waitForMirror, waitForServiceWorker } from './offline-support';
import { signInByToken } from './support';
import { png } from './test-images';

/** Whether the image is loaded and drawn (not a broken picture). */
const isDrawn = (scope: Locator, name: string) =>
  scope
    .getByRole('img', { name })
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

/** What the page must never show: request fields, upload references, temporary ids. */
const RAW = /visitedOn|workDone|photoUrls|upload:|local-|baseVersion|\/api\//;

test('the offline changes page says a waiting maintenance visit in words, with its lift and its photo', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const lift = await liftWithError(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByToken(page, request, 'service_man');
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await waitForServiceWorker(page);
  await waitForMirror(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Besuch eintragen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wartungsbesuch eintragen' });
  await dialog.getByLabel('Ausgeführte Arbeiten').fill('Tragseile geprüft');
  await dialog.getByTestId('visit-photo-input').setInputFiles({
    name: 'schacht.png',
    mimeType: 'image/png',
    buffer: png(48, [200, 80, 40]),
  });
  await expect.poll(() => isDrawn(dialog, 'Foto 1')).toBe(true);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('sync-status').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offline-Änderungen' })).toBeVisible();
  const change = page.getByTestId('change-pending');
  await expect(change).toHaveCount(1);
  const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${berlinDay()}T00:00:00Z`),
  );
  await expect(change.getByTestId('change-title')).toHaveText(
    `Wartung an Aufzug ${lift.uid} (Kellerweg 1, 10115 Berlin) am ${day} — 1 Foto`,
  );
  await expect(change.getByTestId('change-details')).toHaveText('Ausgeführte Arbeiten: Tragseile geprüft');
  await expect(change).toContainText('Auf diesem Gerät erfasst:');
  // The photo's thumbnail, from the upload waiting on this device.
  await expect.poll(() => isDrawn(change, 'Foto 1')).toBe(true);
  await expect(change.getByText('Noch nicht hochgeladen')).toBeVisible();
  expect(await change.innerText()).not.toMatch(RAW);

  // The waiting photo itself names its lift too.
  const uploads = page.getByRole('region', { name: /Dateien, die auf das Hochladen warten/ });
  await expect(uploads).toContainText(`Für Aufzug ${lift.uid} (Kellerweg 1, 10115 Berlin)`);
  await expect.poll(() => isDrawn(uploads, 'schacht.png')).toBe(true);

  // Back online, the visit reaches the server and leaves the page.
  await context.setOffline(false);
  await expect(change).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Alle Änderungen auf diesem Gerät sind beim Server angekommen.')).toBeVisible();
});

/**
 * An acknowledgement waiting in the outbox shows as done on every screen, offline and after
 * offline reloads: on the alarms page too, whose list is the API's answer (from the service
 * worker's cache offline). Back online it is sent once, and the alarm's page shows the server's
 * state (who acknowledged it) without a reload (docs/sync.md#what-screens-show).
 */
test('an alarm acknowledged offline stays acknowledged across offline reloads and then shows the server’s state', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const lift = await liftWithError(request);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/alarms');
  await waitForServiceWorker(page);
  await waitForMirror(page);
  await page.getByLabel('Aufzug', { exact: true }).selectOption(lift.id);
  const alarm = page.getByTestId('alarm-item').filter({ hasText: lift.uid });
  await expect(alarm).toContainText('Offen');

  await context.setOffline(true);
  await page.reload();
  // The menu's count, offline after a reload, where the server cannot be asked: the mirror's.
  const menu = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const alarmsEntry = menu.getByRole('link', { name: /^Alarme\s*, \d+ offen$/ });
  await expect(alarmsEntry).toBeVisible();
  const openBefore = Number(/(\d+) offen/.exec((await alarmsEntry.textContent()) ?? '')?.[1]);
  await page.getByLabel('Aufzug', { exact: true }).selectOption(lift.id);
  await alarm.getByRole('button', { name: 'Quittieren' }).click();
  await expect(alarm).toContainText('Quittiert');
  const openAfter = openBefore > 1 ? new RegExp(`^Alarme\\s*, ${openBefore - 1} offen$`) : /^Alarme$/;
  await expect(menu.getByRole('link', { name: openAfter })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '1');

  // After an offline reload the list comes from the service worker's cache, made before the
  // acknowledgement: the waiting change is laid over it.
  await page.reload();
  await page.getByLabel('Aufzug', { exact: true }).selectOption(lift.id);
  await expect(alarm).toContainText('Quittiert');
  // The state badge, not the open time ("Offen seit …").
  await expect(alarm.getByText('Offen', { exact: true })).toHaveCount(0);
  await expect(alarm.getByRole('button', { name: 'Quittieren' })).toHaveCount(0);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '1');

  // The alarm's page, offline, from the mirror.
  await alarm.getByRole('link', { name: /Details/ }).click();
  const acknowledged = page.locator('dt', { hasText: 'Quittiert' }).locator('xpath=following-sibling::dd[1]');
  await expect(acknowledged).not.toHaveText('Noch nicht');
  await expect(page.getByRole('button', { name: 'Quittieren' })).toHaveCount(0);

  // Online: sent once, and the page shows the server's answer, with who acknowledged it.
  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
  await expect(acknowledged).toContainText('Stefan Wagner', { timeout: 30_000 });

  const seen = await request.get('/api/alarms', {
    headers: await adminHeaders(request),
    params: { liftId: lift.id },
  });
  const { alarms } = (await seen.json()) as { alarms: AlarmListItem[] };
  expect(alarms).toHaveLength(1);
  expect(alarms[0]).toMatchObject({ code: 101, acknowledgedBy: lift.serviceMan, closedAt: null });
});
