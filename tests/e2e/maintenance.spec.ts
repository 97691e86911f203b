import { readFile } from 'node:fs/promises';
import { expect, type Locator, test } from '@playwright/test';
import { adminHeaders, liftWithError, waitForMirror, waitForServiceWorker } from './offline-support';
import { signInByToken } from './support';
import { png } from './test-images';

/** Whether the image is loaded and drawn (not a broken picture). */
const isDrawn = (scope: Locator, name: string) =>
  scope
    .getByRole('img', { name })
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

/**
 * Maintenance (docs/maintenance.md): a service man records a visit on his lift and sees it in the
 * history (offline too, with a photo); the lift list prints stickers for a selection; the devices dashboard lists what is due.
 */

test('a service man records a maintenance visit on his lift', async ({ page, request }) => {
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  const first = page.locator('tbody tr').first().getByRole('link').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page.getByRole('heading', { name: 'Wartung', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Besuch eintragen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wartungsbesuch eintragen' });
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Beschreiben Sie die ausgeführten Arbeiten')).toBeVisible();
  const work = `Seile geprüft ${Date.now()}`;
  await dialog.getByLabel('Ausgeführte Arbeiten').fill(work);
  await dialog.getByLabel('Notizen').fill('Türkontakte gereinigt');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Wartungsbesuch eingetragen')).toBeVisible();
  const visits = page.getByRole('table', { name: 'Wartungsbesuche' });
  await expect(visits.getByRole('row').filter({ hasText: work })).toBeVisible();
  await expect(page.getByText('Nicht fällig')).toBeVisible();
});

test('the lift list prints stickers for the selected lifts', async ({ page, request }) => {
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/lift/lifts');
  const rows = page.locator('tbody tr');
  await expect(rows.nth(1)).toBeVisible();
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '2 Aufkleber drucken' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('aufkleber.pdf');
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test('the devices dashboard lists the lifts due for maintenance', async ({ page, request }) => {
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/dashboards/my-devices');
  await expect(page.getByRole('heading', { name: 'Wartung fällig' })).toBeVisible();
});

test('a service man records a visit offline; it reaches the server once the network returns', async ({
  page,
  context,
  request,
}) => {
  const lift = await liftWithError(request);
  await signInByToken(page, request, 'service_man');
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await waitForServiceWorker(page);
  await waitForMirror(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Besuch eintragen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wartungsbesuch eintragen' });
  await dialog.getByLabel('Ausgeführte Arbeiten').fill('Seile geprüft, offline eingetragen');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  const visits = page.getByRole('table', { name: 'Wartungsbesuche' });
  await expect(visits.getByRole('row').filter({ hasText: 'offline eingetragen' })).toBeVisible();
  await page.reload();
  await expect(visits.getByRole('row').filter({ hasText: 'offline eingetragen' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
  const answer = await request.get(`/api/lifts/${lift.id}/maintenance`, {
    headers: await adminHeaders(request),
  });
  const stored = ((await answer.json()) as { visits: { workDone: string }[] }).visits;
  expect(stored.map((visit) => visit.workDone)).toEqual(['Seile geprüft, offline eingetragen']);
});

test('a service man records a visit offline with a photo; the server stores the photo as a file of the lift', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const lift = await liftWithError(request);
  const photo = png(48, [40, 120, 200]);
  await signInByToken(page, request, 'service_man');
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await waitForServiceWorker(page);
  await waitForMirror(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Besuch eintragen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wartungsbesuch eintragen' });
  await dialog.getByLabel('Ausgeführte Arbeiten').fill('Schacht fotografiert, offline');
  await dialog.getByTestId('visit-photo-input').setInputFiles({
    name: 'schacht.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  await expect.poll(() => isDrawn(dialog, 'Foto 1')).toBe(true);
  await expect(dialog.getByText('Noch nicht hochgeladen')).toBeVisible();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();

  // The history shows the photo from the device, waiting, and opens it.
  const row = page
    .getByRole('table', { name: 'Wartungsbesuche' })
    .getByRole('row')
    .filter({ hasText: 'Schacht fotografiert' });
  await expect.poll(() => isDrawn(row, 'Foto 1')).toBe(true);
  await expect(row.getByText('Noch nicht hochgeladen')).toBeVisible();
  await row.getByRole('button', { name: 'Foto 1' }).click();
  const large = page.getByRole('dialog', { name: 'Foto 1' });
  await expect(large.getByTestId('photo-large')).toBeVisible();
  await large.getByRole('button', { name: 'Schließen' }).click();
  await expect(large).toBeHidden();

  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
  const headers = await adminHeaders(request);
  const answer = await request.get(`/api/lifts/${lift.id}/maintenance`, { headers });
  const [visit] = ((await answer.json()) as { visits: { workDone: string; photoUrls: string[] }[] }).visits;
  expect(visit?.workDone).toBe('Schacht fotografiert, offline');
  expect(visit?.photoUrls).toHaveLength(1);
  const url = visit?.photoUrls[0] ?? '';
  const listed = await request.get('/api/files/getByLiftId', { headers, params: { liftId: lift.id } });
  const files = ((await listed.json()) as { files: { url: string; name: string }[] }).files;
  expect(files.filter((file) => file.url === url).map((file) => file.name)).toEqual(['schacht.png']);
  const content = await request.get(url, { headers });
  expect(content.ok()).toBeTruthy();
  expect(Buffer.compare(await content.body(), photo)).toBe(0);
  // The history now names the stored file and still shows the picture.
  await expect(row.getByText('Noch nicht hochgeladen')).toBeHidden();
  await expect.poll(() => isDrawn(row, 'Foto 1')).toBe(true);
});

test('a service man sees his due list offline, computed from his mirror', async ({
  page,
  context,
  request,
}) => {
  const lift = await liftWithError(request);
  // Its last visit lies years back: by the calendar (every 6 months by default) it is overdue.
  const visit = await request.post(`/api/lifts/${lift.id}/maintenance`, {
    headers: { ...(await adminHeaders(request)), 'Idempotency-Key': `old-visit-${lift.id}` },
    data: { visitedOn: '2020-01-15', workDone: 'Alte Wartung' },
  });
  expect(visit.status(), await visit.text()).toBe(201);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/dashboards/my-devices');
  await waitForServiceWorker(page);
  await waitForMirror(page);

  await context.setOffline(true);
  await page.reload();
  const due = page.getByRole('table', { name: 'Wartung fällig' });
  const row = due.getByRole('row').filter({ hasText: lift.uid });
  await expect(row).toBeVisible();
  await expect(row.getByText('Überfällig')).toBeVisible();
  await context.setOffline(false);
});
