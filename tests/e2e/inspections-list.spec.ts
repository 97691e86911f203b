import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminHeaders, liftWithError, waitForMirror } from './offline-support';
import { signInByToken } from './support';

/**
 * Inspections across lifts (docs/inspections.md#across-lifts): the list page with its filters and
 * export, the dashboard's tiles, and the service man's list offline from the mirror.
 */

const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * A new lift (the demo customer's, served by the demo service man) whose main inspection two years
 * and a week ago found a dangerous defect with a deadline long past: main and intermediate inspection
 * and the defect are all overdue.
 */
async function liftWithOverdueDefect(request: APIRequestContext) {
  const lift = await liftWithError(request);
  const defectText = `Fangvorrichtung blockiert ${Date.now()}`;
  const inspectedOn = dayAgo(737);
  const recorded = await request.post(`/api/lifts/${lift.id}/inspections`, {
    headers: await adminHeaders(request),
    data: {
      inspectedOn,
      kind: 'main',
      body: 'TÜV Süd',
      result: 'dangerous',
      defects: [{ text: defectText, deadline: dayAgo(723) }],
    },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  return { ...lift, defectText };
}

test('the list shows an overdue defect, filters narrow it, export holds it, the dashboard counts it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const lift = await liftWithOverdueDefect(request);
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/inspections');
  await expect(page.getByRole('heading', { name: 'Prüfungen', level: 1 })).toBeVisible();

  const list = page.getByRole('list', { name: 'Fällige Prüfungen und Mängel' });
  await page.getByLabel('Aufzugsnummer oder Adresse').fill(lift.uid);
  const rows = list.getByRole('listitem');
  // Main and intermediate inspection and the defect of this lift only.
  await expect(rows).toHaveCount(3);
  const defectRow = rows.filter({ hasText: lift.defectText });
  await expect(defectRow).toContainText(`Mangel: ${lift.defectText}`);
  await expect(defectRow).toContainText('Gefährlich: außer Betrieb');
  await expect(defectRow).toContainText(/Seit \d+ Tagen überfällig/);
  await expect(rows.filter({ hasText: 'Hauptprüfung' })).toHaveCount(1);

  await page.getByLabel('Was').selectOption('defect');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Status').selectOption('soon');
  await expect(page.getByText('In diesem Zeitraum ist nichts überfällig oder fällig.')).toBeVisible();
  await page.getByLabel('Status').selectOption('overdue');
  await page.getByLabel('Fällig innerhalb').selectOption('365');
  await expect(rows).toHaveCount(1);
  // The filters live in the address (the dashboard's tiles link so).
  await expect(page).toHaveURL(/kind=defect/);
  await expect(page).toHaveURL(/status=overdue/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pruefungen-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  const lines = csv.split('\r\n').filter(Boolean);
  // Sheet name, header, the one row shown.
  expect(lines).toHaveLength(3);
  expect(lines[2]).toContain(lift.defectText);
  expect(lines[2]).toContain(lift.uid);
  expect(lines[2]).toContain('Ja');

  // The lift's link opens its page at the inspections section.
  await defectRow.getByRole('link', { name: lift.uid }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/lift/lifts/${lift.id}.*#inspections$`));
  await expect(page.getByRole('heading', { name: 'Prüfungen', level: 2 })).toBeInViewport({
    timeout: 30_000,
  });

  // The dashboard's tile counts what the API lists for the admin (every lift); the other test may
  // add one meanwhile, so both are read again until they agree.
  await page.goto('/apps/dashboards/my-devices');
  const section = page.getByRole('region', { name: 'Prüfungen & Mängel' });
  const tile = section.getByRole('link', { name: /Überfällige Mängel/ });
  await expect(async () => {
    const due = (await (
      await request.get('/api/inspections/due', { headers: await adminHeaders(request) })
    ).json()) as { items: { kind: string; status: string }[] };
    const count = due.items.filter((item) => item.kind === 'defect' && item.status === 'overdue').length;
    expect(count).toBeGreaterThan(0);
    await expect(tile).toHaveText(new RegExp(`Überfällige Mängel\\s*${count}$`), { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await tile.click();
  await expect(page).toHaveURL(/\/apps\/inspections\?kind=defect&status=overdue$/);
  await expect(page.getByLabel('Was')).toHaveValue('defect');
  await expect(page.getByLabel('Status')).toHaveValue('overdue');
  await expect(list.getByText(`Mangel: ${lift.defectText}`)).toBeVisible();
});

test('a service man reads the list at 390 px offline, from the mirror', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lift = await liftWithOverdueDefect(request);
  const context = await browser.newContext({
    baseURL,
    locale: 'de-DE',
    viewport: { width: 390, height: 844 },
  });
  const phone = await context.newPage();
  await signInByToken(phone, request, 'service_man');
  await phone.goto('/apps/inspections');
  await waitForMirror(phone);
  // As waitForServiceWorker (offline-support.ts), with room for a loaded machine.
  await phone.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 60_000,
  });
  const list = phone.getByRole('list', { name: 'Fällige Prüfungen und Mängel' });
  await expect(list.getByText(`Mangel: ${lift.defectText}`)).toBeVisible();

  await context.setOffline(true);
  await phone.reload();
  await phone.getByLabel('Aufzugsnummer oder Adresse').fill(lift.uid);
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByText(`Mangel: ${lift.defectText}`)).toBeVisible();
  // Nothing wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
