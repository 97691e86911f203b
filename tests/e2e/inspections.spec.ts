import { expect, test } from '@playwright/test';
import { adminHeaders, liftWithError, waitForMirror, waitForServiceWorker } from './offline-support';
import { signInByToken } from './support';

/**
 * Statutory inspections (docs/inspections.md): an admin records an inspection with a dangerous
 * defect and the lift shows it out of service; the lift's service man marks the defect fixed while
 * offline, it waits and then reaches the server once; the admin closes it.
 */
test('a dangerous defect: recorded, fixed offline, closed', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const lift = await liftWithError(request);
  const defectText = `Tragseil angerissen ${Date.now()}`;

  await signInByToken(page, request, 'admin');
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await expect(page.getByRole('heading', { name: 'Prüfungen', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Prüfung erfassen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prüfung erfassen' });
  await dialog.getByLabel('Ergebnis').selectOption('dangerous');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  // Field errors on their fields: the body, then the defects a dangerous result needs.
  await expect(dialog.getByText('Nennen Sie die Prüfstelle')).toBeVisible();
  await dialog.getByLabel('Prüfstelle (z. B. TÜV, DEKRA)').fill('TÜV Süd');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Führen Sie die gefundenen Mängel auf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Mangel hinzufügen' }).click();
  await dialog.getByLabel('Mangel 1', { exact: true }).fill(defectText);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Prüfung erfasst')).toBeVisible();
  await expect(page.getByText('Außer Betrieb: gefährliche Mängel nicht geschlossen')).toBeVisible();
  const openDefects = page.getByRole('list', { name: 'Offene Mängel' });
  await expect(openDefects.getByText(defectText)).toBeVisible();
  await expect(page.getByText(/Hauptprüfung fällig am/)).toBeVisible();

  // The service man, on his own device, offline.
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const phone = await context.newPage();
  await signInByToken(phone, request, 'service_man');
  await phone.goto(`/apps/lift/lifts/${lift.id}`);
  await waitForServiceWorker(phone);
  await waitForMirror(phone);
  const phoneDefects = phone.getByRole('list', { name: 'Offene Mängel' });
  await expect(phoneDefects.getByText(defectText)).toBeVisible();
  await context.setOffline(true);
  await phone.reload();
  await phoneDefects.getByRole('button', { name: 'Mangel behoben' }).click();
  const fix = phone.getByRole('dialog', { name: 'Mangel behoben' });
  await fix.getByRole('button', { name: 'Speichern' }).click();
  await expect(fix.getByText('Beschreiben Sie, was getan wurde')).toBeVisible();
  await fix.getByLabel('Was getan wurde').fill('Seil getauscht');
  await fix.getByRole('button', { name: 'Speichern' }).click();
  await expect(fix).toBeHidden();
  await expect(phoneDefects.getByText('Wartet auf Versand')).toBeVisible();
  await expect(phoneDefects.getByText(/Behoben von .*: Seil getauscht/)).toBeVisible();
  // Still a dangerous defect until an admin closes it.
  await expect(phone.getByText('Außer Betrieb: gefährliche Mängel nicht geschlossen')).toBeVisible();

  await context.setOffline(false);
  await expect(phone.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
  await expect(phoneDefects.getByText('Wartet auf Versand')).toBeHidden();
  const headers = await adminHeaders(request);
  const stored = (await (await request.get(`/api/lifts/${lift.id}/inspections`, { headers })).json()) as {
    defects: { id: string; fixNote: string; fixedAt: string | null; version: number }[];
  };
  // Arrived once: fixed with its note, one change of version.
  expect(stored.defects).toEqual([
    expect.objectContaining({ fixNote: 'Seil getauscht', fixedAt: expect.any(String), version: 2 }),
  ]);
  await context.close();

  await page.reload();
  await openDefects.getByRole('button', { name: 'Schließen' }).click();
  await expect(page.getByText('Mangel geschlossen')).toBeVisible();
  await expect(page.getByText('Keine offenen Mängel.')).toBeVisible();
  await expect(page.getByText('Außer Betrieb: gefährliche Mängel nicht geschlossen')).toBeHidden();
});
