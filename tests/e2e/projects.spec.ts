import { expect, type Page, test } from '@playwright/test';
import { SETTINGS_URL } from '../../playwright.config';
import { mailsTo } from './smtp-sink';
import { DEMO_ACCOUNTS, signInByToken } from './support';

/**
 * Projects, base data and the JSON settings (docs/projects.md, docs/base-data.md,
 * docs/settings.md), in German unless said.
 */

const projectName = `E2E Aufzug ${Date.now()}`;

async function openProjectFromBoard(page: Page, name: string) {
  await page.goto('/apps/projects/projects');
  const card = page.locator('li', { has: page.getByText(name, { exact: true }) });
  await card.getByRole('link', { name: 'Öffnen' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

test('a customer requests an offer, an admin quotes and sends it, the customer orders from the board', async ({
  browser,
  request,
}) => {
  test.slow();
  // The customer asks for an offer on a new lift.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInByToken(customer, request, 'customer');
  await customer.goto('/apps/projects/projects');
  await expect(customer.getByRole('heading', { name: 'Projekte' })).toBeVisible();
  await customer.getByRole('button', { name: 'Angebot anfragen' }).click();
  const dialog = customer.getByRole('dialog');
  await dialog.getByLabel('Projektname').fill(projectName);
  await dialog.getByLabel('Standortadresse').fill('Teststraße 1, Berlin');
  await dialog.getByLabel('Haltestellen').fill('5');
  await dialog.getByLabel('Nennlast (kg)').fill('630');
  await dialog.getByLabel('Antriebsart').selectOption({ label: 'Hydraulik' });
  await dialog.getByRole('button', { name: 'Angebot anfragen' }).click();
  await expect(customer.getByText('Erfolgreich gespeichert')).toBeVisible();
  const requested = customer.getByTestId('column-offerRequested');
  await expect(requested.getByText(projectName)).toBeVisible();

  // The admin prepares the quote: line items with the sum, a panel design, then sends it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInByToken(admin, request, 'admin');
  await openProjectFromBoard(admin, projectName);
  await expect(admin.getByText('Neuer Aufzug: 5 Haltestellen, 630 kg · Hydraulik')).toBeVisible();
  await admin.getByRole('button', { name: 'Kostenvoranschlag beginnen' }).click();
  await expect(admin.getByTestId('project-state')).toHaveText('Kostenvoranschlag in Arbeit');
  for (const [text, quantity, price] of [
    ['Bedientableau Edelstahl', '1', '1850,00'],
    ['Außenruftaster', '5', '245,00'],
  ] as const) {
    await admin.getByRole('button', { name: 'Position hinzufügen' }).click();
    const row = admin.getByTestId('project-item').last();
    await row.getByLabel('Text').fill(text);
    await row.getByLabel('Menge').fill(quantity);
    await row.getByLabel('Einzelpreis (€)').fill(price);
  }
  await expect(admin.getByTestId('project-total')).toHaveText(/3\.075,00\s€/);
  // An article of the design library (the demo library), with its price.
  await admin.getByLabel('Artikel aus der Designbibliothek').selectOption({ index: 1 });
  await admin.getByRole('button', { name: 'Artikel hinzufügen' }).click();
  await expect(admin.getByTestId('project-item')).toHaveCount(3);
  await expect(admin.getByTestId('project-total')).not.toHaveText(/3\.075,00\s€/);
  // A panel design of the library, shown with its name.
  await admin.getByLabel('Paneldesign').selectOption({ index: 1 });
  await admin.getByRole('button', { name: 'Anhängen' }).click();
  await expect(admin.getByTestId('project-design')).toHaveCount(1);
  await admin.getByLabel('Kabelstatus').selectOption({ label: 'Ausstehend' });
  await admin.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(admin.getByText('Erfolgreich gespeichert')).toBeVisible();
  // The history names what the edit changed, the total with its old and new sum.
  await expect(admin.getByTestId('history-change')).toHaveText([
    ': Positionen',
    '; Beigefügte Designs',
    '; Kabelstatus',
    /^; Gesamt 0,00\s€ → [\d.]+,\d\d\s€$/,
  ]);

  await admin.getByRole('button', { name: 'Angebot senden…' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Angebot senden', exact: true }).click();
  await expect(admin.getByText('E-Mail gesendet!')).toBeVisible();
  await expect(admin.getByTestId('project-state')).toHaveText('Angebot gesendet');
  await expect
    .poll(() => mailsTo(DEMO_ACCOUNTS.customer).filter((mail) => mail.text.includes(projectName)).length)
    .toBe(1);
  const [mail] = mailsTo(DEMO_ACCOUNTS.customer).filter((entry) => entry.text.includes(projectName));
  expect(mail?.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);
  expect(mail?.attachments[0]?.size).toBeGreaterThan(1000);

  // The customer orders from the board: the card offers only the moves the table allows.
  await customer.reload();
  const card = customer.getByTestId('column-sentOffer').locator('li', { hasText: projectName });
  const move = card.getByLabel(`${projectName} verschieben nach`);
  await expect(move.locator('option')).toHaveText([
    'Verschieben nach…',
    'Angebot erhalten',
    'Vorbestellt',
    'Bestellt',
    'Angebot storniert',
  ]);
  // Ordering from the board asks too, with the offer's sum and terms.
  await move.selectOption({ label: 'Bestellt' });
  const order = customer.getByRole('dialog', { name: 'Angebot annehmen und bestellen?' });
  await order.getByRole('checkbox').check();
  await order.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(customer.getByText(/Ihre Auftragsnummer lautet A-\d{4}-\d{5}/)).toBeVisible();
  await expect(customer.getByTestId('column-ordered').getByText(projectName)).toBeVisible();

  // The list view shows it too, sortable.
  await customer.getByRole('button', { name: 'Liste' }).click();
  await expect(customer.getByRole('row', { name: new RegExp(projectName) })).toContainText('Bestellt');
  await customerContext.close();
  await adminContext.close();
});

test('a card is dragged with the keyboard only to a column the table allows', async ({ page, request }) => {
  await signInByToken(page, request, 'customer');
  const name = `E2E Tastatur ${Date.now()}`;
  await page.goto('/apps/projects/projects');
  await page.getByRole('button', { name: 'Angebot anfragen' }).click();
  await page.getByRole('dialog').getByLabel('Projektname').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Angebot anfragen' }).click();
  const card = page.getByTestId('column-offerRequested').locator('li', { hasText: name });
  await expect(card).toBeVisible();
  // A customer may only cancel his own request: pick the card up and move it to that column.
  const handle = card.getByRole('button', { name: `${name} in einen anderen Status ziehen` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('column-canceledOffer')).toHaveCSS('opacity', '1');
  await expect(page.getByTestId('column-ordered')).toHaveCSS('opacity', '0.5');
  for (let step = 0; step < 60; step++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('column-canceledOffer').getByText(name)).toBeVisible();
});

// On a server of its own: the language choice is saved on the user and would reach parallel tests.
test('an admin corrects base data labels in English and the project and lift forms show them', async ({
  page,
  request,
}) => {
  test.slow();
  // The dev (admin and above) on the settings server: other tests switch the admin's language there.
  const token = await signInByToken(page, request, 'dev', SETTINGS_URL);
  const setLanguage = (language: 'de' | 'en') =>
    request.put(`${SETTINGS_URL}/api/users/me/settings`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { language },
    });
  expect((await setLanguage('en')).ok()).toBeTruthy();
  try {
    await page.goto(`${SETTINGS_URL}/apps/base`);
    // The first screen of a language loads its catalog: slow while the other tests run beside it.
    await expect(page.getByRole('heading', { name: 'Base data' })).toBeVisible({ timeout: 20_000 });
    const drives = page.locator('li', { hasText: 'hydraulic' });
    await drives.getByLabel('English').fill('Hydraulic (direct)');
    await drives.getByRole('button', { name: 'Save hydraulic' }).click();
    await expect(page.getByText('Saved successfully')).toBeVisible();

    await page.goto(`${SETTINGS_URL}/apps/projects/projects`);
    await page.getByRole('button', { name: 'New project' }).click();
    await expect(page.getByRole('dialog').getByLabel('Drive type').locator('option')).toContainText([
      'Hydraulic (direct)',
    ]);

    // The lift form takes its choices from the mirrored base data: a corrected door type shows
    // there, is saved on the lift and named on its page.
    await page.goto(`${SETTINGS_URL}/apps/base`);
    const doors = page.locator('li', { hasText: 'center' });
    await doors.getByLabel('English').fill('Centre opening, two panels');
    await doors.getByRole('button', { name: 'Save center' }).click();
    await expect(page.getByText('Saved successfully')).toBeVisible();
    await page.goto(`${SETTINGS_URL}/apps/lift/lifts`);
    await page.locator('tbody tr').first().getByRole('link').click();
    await page.getByRole('button', { name: 'Edit lift' }).click();
    // By id: the field's label is a new text, translated once the lead extracts the catalogs.
    const doorType = page.getByRole('dialog').locator('#lift-doorType');
    await expect(doorType.locator('option')).toContainText(['Centre opening, two panels']);
    await doorType.selectOption({ label: 'Centre opening, two panels' });
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('lift-doorType')).toContainText('Centre opening, two panels');
  } finally {
    await setLanguage('de');
  }
});

test('the JSON settings: a schema error is shown with its line, a valid write becomes a version', async ({
  page,
  request,
}) => {
  // The dev on the main server: the settings server's users switch languages in other tests.
  await signInByToken(page, request, 'dev');
  await page.goto('/apps/json');
  await expect(page.getByRole('heading', { name: 'JSON' })).toBeVisible();
  const editor = page.getByLabel('Einstellungsdokument (JSON)');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText('{\n"alarms": {\n"escalationMinutes": 0\n}\n}');
  // The editor marks it inline, the server refuses it with the line and the key.
  await expect(page.locator('.cm-lintRange-error').first()).toBeVisible();
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Zeile' })).toContainText(
    'Zeile 3, Spalte 1 · alarms.escalationMinutes',
  );
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText('{ "alarms": { "escalationMinutes": 30 } }');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Erfolgreich gespeichert')).toBeVisible();
  await expect(page.getByText(/Version \d+ gilt/)).toBeVisible();
  await page.getByRole('button', { name: 'Vergleichen' }).first().click();
  await expect(page.getByText('Änderungen vom Text im Editor')).toBeVisible();
});
