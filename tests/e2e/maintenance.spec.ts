import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { adminHeaders, liftWithError, waitForMirror, waitForServiceWorker } from './offline-support';
import { signInByToken } from './support';

/**
 * Maintenance (docs/maintenance.md): a service man records a visit on his lift and sees it in the
 * history; the lift list prints stickers for a selection; the devices dashboard lists what is due.
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
