import { expect, type Page, test } from '@playwright/test';
import { SETTINGS_URL } from '../../playwright.config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInByToken, TEXT } from './support';

/** Fails unless the page fits its width (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

// On the settings server (the language is saved on the user), as admin, whom no other test there uses.
test('the code lookup shows name, cause and remedy in the language the user switches to', async ({
  page,
  request,
}) => {
  const token = await signInByToken(page, request, 'admin', SETTINGS_URL);
  // The choice is saved on the user: start from German even when an earlier attempt switched.
  const reset = await request.put(`${SETTINGS_URL}/api/users/me/settings`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { language: 'de' },
  });
  expect(reset.ok()).toBeTruthy();
  await page.goto(`${SETTINGS_URL}/apps/errors`);
  await page.getByLabel('Code oder Stichwort', { exact: true }).fill('101');
  const match = page.getByTestId('code-match').first();
  await expect(match).toContainText('Türzonenfehler');
  await expect(match.getByTestId('code-cause')).toHaveText(
    'Ursache: Der Fahrkorb hat die Türzone mit nicht vollständig geschlossenen Türen verlassen, oder das Türzonensignal ist unplausibel.',
  );
  await expect(match.getByTestId('code-remedy')).toHaveText(
    'Abhilfe: Türzonenschalter und Magnete im Schacht, die Verdrahtung des Zonensensors und den Fahrkorbtürkontakt prüfen.',
  );
  // Both texts exist in German: nothing is marked as being in another language.
  await expect(match.getByTestId('language-fallback')).toHaveCount(0);

  await page.getByRole('button', { name: TEXT.languageMenu }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(match).toContainText('Door zone fault');
  await expect(match.getByTestId('code-cause')).toHaveText(
    'Cause: The car left the door zone with the doors not fully closed, or the door zone signal is implausible.',
  );
  await expect(match.getByTestId('code-remedy')).toHaveText(
    'Remedy: Check the door zone switches and magnets in the shaft, the zone sensor wiring and the car door contact.',
  );
  await expect(match.getByTestId('language-fallback')).toHaveCount(0);

  // And back: the German cause returns, not the English one that was last shown.
  await page.getByRole('button', { name: 'Language' }).click();
  // The choice is saved on the user: the next page load must come after the save, not race it.
  const savedGerman = page.waitForResponse(
    async (response) =>
      response.url().endsWith('/api/users/me/settings') &&
      response.request().method() === 'PUT' &&
      ((await response.json()) as { settings?: { language?: string } }).settings?.language === 'de',
  );
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(match.getByTestId('code-cause')).toContainText('Der Fahrkorb hat die Türzone');
  expect((await savedGerman).ok()).toBe(true);

  await page.goto(`${SETTINGS_URL}/apps/lift/lifts`);
  await expect(page.getByLabel('Aufzüge durchsuchen')).toBeVisible();
});

test('an admin writes cause and remedy in both languages; where German is missing the English shows, marked', async ({
  page,
  request,
}) => {
  const number = 60_000 + (Date.now() % 5000);
  const auth = await request.post('/api/users/authenticate', {
    data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  const headers = {
    Authorization: `Bearer ${((await auth.json()) as { access_token: string }).access_token}`,
  };
  const created = await request.post('/api/descriptions/register', {
    headers,
    data: {
      number,
      name: 'Test fault',
      nameDE: 'Teststörung',
      type: 'error',
      content: 'Only the English cause exists.',
      text: 'Only the English remedy exists.',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();

  await page.setViewportSize({ width: 360, height: 780 });
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/descriptions');
  await page.getByLabel('Beschreibungen durchsuchen').fill(String(number));
  const card = page.getByRole('list', { name: 'Beschreibungen' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Teststörung');
  // The German cause is missing: the English one stands in, marked "EN".
  await expect(card.getByTestId('language-fallback')).toHaveCount(2);
  await expect(card.getByTestId('language-fallback').first()).toHaveAttribute(
    'title',
    'Bisher nur auf Englisch',
  );
  await expect(card).toContainText('Only the English cause exists.');
  await expectNoSidewaysScroll(page);

  // The form edits both languages; on a phone the fields stack.
  await card.getByRole('button', { name: `Beschreibung ${number} bearbeiten` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Ursache (Englisch)')).toHaveValue('Only the English cause exists.');
  await dialog.getByLabel('Ursache (Deutsch)').fill('Nur ein Test: die Ursache auf Deutsch.');
  await dialog.getByLabel('Abhilfe (Deutsch)').fill('Nur ein Test: die Abhilfe auf Deutsch.');
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();

  await expect(card).toContainText('Nur ein Test: die Ursache auf Deutsch.');
  await expect(card).toContainText('Nur ein Test: die Abhilfe auf Deutsch.');
  await expect(card.getByTestId('language-fallback')).toHaveCount(0);
  // Saved on the server, the English untouched.
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/descriptions', { headers })).json()) as {
        number: number;
        content: string;
        contentDE: string;
        textDE: string;
      }[];
      const saved = list.find((d) => d.number === number);
      return saved && [saved.content, saved.contentDE, saved.textDE];
    })
    .toEqual([
      'Only the English cause exists.',
      'Nur ein Test: die Ursache auf Deutsch.',
      'Nur ein Test: die Abhilfe auf Deutsch.',
    ]);
});
