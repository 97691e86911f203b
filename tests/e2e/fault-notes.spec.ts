import { expect, type Page, test } from '@playwright/test';
import type { Message } from '../../contract/schemas/message';
import { adminHeaders, liftWithError, tokenOf, waitForMirror } from './offline-support';
import { showIn, signInByToken, stopShowingIn } from './support';

/**
 * Notes on a fault are entries, each by its author (docs/telemetry.md#notes): an admin reads a
 * technician's entry but cannot change it, and adds his own. The fault's raise and clear show as
 * one incident with its duration.
 */

/** The lift page's "Fehler und Infos" tab. */
async function openEvents(page: Page) {
  await page.getByRole('tab', { name: /Fehler und Infos|Errors and infos/ }).click();
}

/** With SHOTS_DIR set: the fault list at 360 and 1280 px, in German and English. */
async function screenshots(page: Page) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const language of ['de', 'en'] as const) {
    await showIn(page, language);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await page.reload();
      await openEvents(page);
      const incident = page.getByTestId('incident').first();
      await expect(incident).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `${dir}/fault-list-${language}-${width}.png`, fullPage: true });
      await incident.getByRole('button', { name: /Notizen|Notes/ }).click();
      await expect(page.getByTestId('note-entry')).toHaveCount(2);
      await page.screenshot({ path: `${dir}/fault-notes-${language}-${width}.png` });
      await page.keyboard.press('Escape');
    }
  }
  await stopShowingIn(page);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('an admin reads a technician’s note entry on an incident, cannot change it, and adds his own', async ({
  page,
  request,
}) => {
  test.setTimeout(process.env.SHOTS_DIR ? 300_000 : 90_000);
  const lift = await liftWithError(request, { clearedAfterMinutes: 38 });
  const admin = await adminHeaders(request);
  const listed = await request.get('/api/messages/getDetailedMsgs', {
    headers: admin,
    params: { liftId: lift.id, page: 1, pageSize: 10 },
  });
  const raise = ((await listed.json()) as { messages: Message[] }).messages.find((message) => message.active);
  expect(raise).toBeTruthy();
  const technicianEntry = crypto.randomUUID();
  const added = await request.post(`/api/messages/${raise?.id}/notes`, {
    headers: { Authorization: `Bearer ${await tokenOf(request, 'service_man')}` },
    data: {
      year: raise?.year,
      id: technicianEntry,
      text: 'Türkontakt gereinigt',
      urls: ['https://example.com/schaltplan.pdf'],
    },
  });
  expect(added.ok(), await added.text()).toBeTruthy();

  await signInByToken(page, request, 'admin');
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await waitForMirror(page);
  await openEvents(page);
  // Raise and clear as one incident, with how long it lasted.
  const incident = page.getByTestId('incident');
  await expect(incident).toHaveCount(1);
  await expect(incident).toContainText('Behoben nach 38 Min.');
  await expect(page.getByTestId('event')).toHaveCount(0);

  await incident.getByRole('button', { name: 'Notizen (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notizen' });
  const technicians = dialog.getByTestId('note-entry').filter({ hasText: 'Türkontakt gereinigt' });
  await expect(technicians).toContainText('Stefan Wagner');
  // Another's entry is no form of the admin's: no change, no removal.
  await expect(technicians.getByRole('button')).toHaveCount(0);
  await expect(dialog.getByLabel('Text')).toHaveValue('');

  await dialog.getByLabel('Text').fill('Ersatzteil bestellt');
  await dialog.getByRole('button', { name: 'Notiz hinzufügen' }).click();
  await expect(dialog).toBeHidden();

  await incident.getByRole('button', { name: 'Notizen (2)' }).click();
  const entries = dialog.getByTestId('note-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Türkontakt gereinigt');
  await expect(entries.nth(1)).toContainText('Ersatzteil bestellt');
  await expect(entries.nth(1).getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
  await expect(entries.nth(0).getByRole('button')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // On the server: the technician's entry as he wrote it, the admin's beside it, each by its author.
  await expect
    .poll(async () => {
      const response = await request.get('/api/messages/getDetailedMsgs', {
        headers: admin,
        params: { liftId: lift.id, page: 1, pageSize: 10 },
      });
      const found = ((await response.json()) as { messages: Message[] }).messages.find(
        (message) => message.id === raise?.id,
      );
      return found?.noteEntries.map((entry) => [entry.authorName, entry.text, entry.urls]);
    })
    .toEqual([
      ['Stefan Wagner', 'Türkontakt gereinigt', ['https://example.com/schaltplan.pdf']],
      [expect.any(String), 'Ersatzteil bestellt', []],
    ]);

  await screenshots(page);
});
