import { expect, test } from '@playwright/test';
import { liftWithError, waitForMirror, waitForServiceWorker } from './offline-support';
import { signInByToken, TEXT } from './support';

/**
 * The service man looks codes up on his phone, offline (contract/description-search.ts): by a word
 * of name, cause or remedy in either language, without its accents; the catalogue is in his menu;
 * a fault on the lift page opens its cause and remedy.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('offline, the code lookup finds a door fault by "tür", "tur" and "door", the exact code first', async ({
  page,
  context,
  request,
}) => {
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/errors');
  await waitForServiceWorker(page);
  await waitForMirror(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-online', 'false');

  const field = page.getByLabel('Code oder Stichwort', { exact: true });
  const matches = page.getByTestId('code-match');
  for (const word of ['tür', 'TUR', 'tuer', 'door']) {
    await field.fill(word);
    await expect(matches.filter({ hasText: 'Türzonenfehler' })).toHaveCount(1);
    await expect(matches.filter({ hasText: 'Tür öffnet nicht' })).toHaveCount(1);
  }
  // A word of the remedy only.
  await field.fill('magnete');
  await expect(matches.first()).toContainText('Türzonenfehler');
  await expect(matches.first().getByTestId('code-remedy')).toContainText('Magnete im Schacht');
  // The exact code before codes and texts that merely contain it.
  await field.fill('101');
  await expect(matches.first()).toContainText('101 · Türzonenfehler');
  await field.fill('xylophon');
  await expect(page.getByText('Keine Beschreibung passt zu „xylophon“.')).toBeVisible();
});

test('the catalogue is in the service man’s menu and searches like the lookup, offline', async ({
  page,
  context,
  request,
}) => {
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForServiceWorker(page);
  await waitForMirror(page);
  await context.setOffline(true);
  await page.reload();

  await page.getByRole('button', { name: TEXT.openNavigation }).click();
  await page.getByRole('link', { name: 'Beschreibungen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beschreibungen' })).toBeVisible();
  // Reading only: no editing for a service man.
  await expect(page.getByRole('button', { name: 'Neue Beschreibung' })).toHaveCount(0);
  await page.getByLabel('Beschreibungen durchsuchen').fill('tur');
  const cards = page.getByRole('list', { name: 'Beschreibungen' }).getByRole('listitem');
  await expect(cards.filter({ hasText: 'Türzonenfehler' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Überlast' })).toHaveCount(0);
});

test('a fault on the lift page opens its cause and remedy, offline too', async ({
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

  await page.getByRole('tab', { name: 'Fehler und Infos' }).click();
  const fault = page
    .getByRole('list', { name: 'Letzte Fehler und Infos' })
    .getByRole('listitem')
    .filter({ hasText: 'Türzonenfehler' });
  await fault.getByRole('link', { name: /Türzonenfehler/ }).click();
  await expect(page).toHaveURL(/\/apps\/descriptions\/101$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Code 101: Türzonenfehler');
  await expect(page.getByTestId('description-cause')).toContainText(
    'Der Fahrkorb hat die Türzone mit nicht vollständig geschlossenen Türen verlassen',
  );
  await expect(page.getByTestId('description-remedy')).toContainText(
    'Türzonenschalter und Magnete im Schacht',
  );
  // The other language folded away beneath.
  await page.getByText('Auf Englisch').click();
  await expect(page.getByText('Door zone fault')).toBeVisible();

  // Back to the lift with the browser's back.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aufzug ${lift.uid}`);
});
