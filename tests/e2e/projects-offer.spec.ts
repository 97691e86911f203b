import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { pdfText } from '../server/helpers/pdf-text';
import { mailsTo } from './smtp-sink';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInByToken } from './support';

/**
 * The commercial documents of a project (docs/projects.md): sending the offer shows what goes and
 * asks first, unsaved edits are not lost on the way out, ordering asks with the terms and gives an
 * order number, and the offer PDF opens from the project. In German.
 */

const SHOTS = '/tmp/shots/offers';

async function tokenOf(request: APIRequestContext, role: 'admin' | 'customer') {
  const response = await request.post('/api/users/authenticate', {
    data: { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A project of the demo customer, started by the admin in "Preparing quote" (with items, or none). */
async function projectInQuote(
  request: APIRequestContext,
  name: string,
  items: { text: string; quantity: number; unitPriceCents: number }[] = [],
) {
  const admin = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const me = await request.get('/api/users/me', {
    headers: { Authorization: `Bearer ${await tokenOf(request, 'customer')}` },
  });
  const customerId = ((await me.json()) as { id: string }).id;
  const created = await request.post('/api/projects/register', {
    headers: admin,
    data: { userId: customerId, project: { name, state: 'preparingQuote', items } },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { id: string }).id, admin };
}

async function addItem(page: Page, text: string, quantity: string, price: string) {
  await page.getByRole('button', { name: 'Position hinzufügen' }).click();
  const row = page.getByTestId('project-item').last();
  await row.getByLabel('Text').fill(text);
  await row.getByLabel('Menge').fill(quantity);
  await row.getByLabel('Einzelpreis (€)').fill(price);
}

test('items typed but not saved: leaving asks first, sending shows what goes and saves it first', async ({
  page,
  request,
}) => {
  test.slow();
  const name = `E2E Angebot ${Date.now()}`;
  const { id } = await projectInQuote(request, name);
  await signInByToken(page, request, 'admin');
  await page.goto(`/apps/projects/projects/${id}`);
  // The first screen loads its catalog and the design library: slow while other tests run beside it.
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  await addItem(page, 'Bedientableau Edelstahl', '1', '1850,00');
  await addItem(page, 'Außenruftaster', '5', '245,00');

  // Leaving through the menu with unsaved items asks; staying keeps them.
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Aufzüge', exact: true })
    .click();
  const leave = page.getByRole('dialog', { name: 'Seite ohne Speichern verlassen?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('project-item')).toHaveCount(2);

  // Sending shows the recipient, the items and the sums, and says it saves first.
  await page.getByRole('button', { name: 'Angebot senden…' }).click();
  const send = page.getByRole('dialog', { name: 'Angebot senden?' });
  await expect(send.getByTestId('offer-recipient')).toContainText(DEMO_ACCOUNTS.customer);
  await expect(send.getByTestId('offer-summary-items').locator('li')).toHaveCount(2);
  await expect(send.getByTestId('offer-summary-items')).toContainText('Außenruftaster');
  await expect(send.getByTestId('offer-net')).toHaveText(/^3\.075,00\s€$/);
  await expect(send.getByTestId('offer-vat')).toHaveText(/^584,25\s€$/);
  await expect(send.getByTestId('offer-gross')).toHaveText(/^3\.659,25\s€$/);
  await expect(send.getByTestId('offer-unsaved')).toBeVisible();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/send-confirm-de-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await send.getByRole('button', { name: 'Speichern und senden' }).click();
  await expect(page.getByText('E-Mail gesendet!')).toBeVisible();
  await expect(page.getByTestId('project-state')).toHaveText('Angebot gesendet');
  await expect(page.getByTestId('offer-number')).toHaveText(/^ANG-\d{4}-\d{5}$/);
  const number = (await page.getByTestId('offer-number').textContent()) ?? '';

  // What the customer got is what the dialog showed: the items were saved before the offer went out.
  await expect
    .poll(
      () => mailsTo(DEMO_ACCOUNTS.customer).filter((mail) => mail.subject === `Ihr Angebot ${number}`).length,
    )
    .toBe(1);
  const [mail] = mailsTo(DEMO_ACCOUNTS.customer).filter((entry) => entry.subject === `Ihr Angebot ${number}`);
  expect(mail?.text).toContain(name);
  expect(mail?.attachments).toEqual([
    expect.objectContaining({ filename: `${number}.pdf`, contentType: 'application/pdf' }),
  ]);
  const stored = await request.get(`/api/projects/${id}`, {
    headers: { Authorization: `Bearer ${await tokenOf(request, 'admin')}` },
  });
  expect(((await stored.json()) as { project: { totalCents: number } }).project.totalCents).toBe(307_500);
  // Nothing is unsaved any more: leaving goes without a question.
  await page.goto('/apps/projects/projects');
  await expect(page.getByRole('heading', { name: 'Projekte' })).toBeVisible();
});

test('the customer accepts the offer: the terms shown and accepted, an order number, mails to both sides', async ({
  page,
  request,
}) => {
  test.slow();
  const name = `E2E Auftrag ${Date.now()}`;
  const { id, admin } = await projectInQuote(request, name, [
    { text: 'Aufzugsanlage 630 kg', quantity: 1, unitPriceCents: 4_850_000 },
  ]);
  const sent = await request.put(`/api/projects/${id}`, {
    headers: admin,
    data: { project: { state: 'sentOffer' } },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await signInByToken(page, request, 'customer');
  await page.goto(`/apps/projects/projects/${id}`);
  // The first screen loads its catalog and the first sync: slow while the other tests run beside it.
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('project-state')).toHaveText('Angebot erhalten');
  // The buttons say what they do.
  const actions = page.getByRole('group', { name: 'Status ändern' });
  await expect(actions.getByRole('button')).toHaveText([
    'Vorbestellen',
    'Angebot annehmen…',
    'Angebot ablehnen',
  ]);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/project-customer-de-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await actions.getByRole('button', { name: 'Angebot annehmen…' }).click();
  const order = page.getByRole('dialog', { name: 'Angebot annehmen und bestellen?' });
  await expect(order).toContainText(/Angebot ANG-\d{4}-\d{5} vom/);
  await expect(order.getByTestId('offer-gross')).toHaveText(/^57\.715,00\s€$/);
  await expect(order).toContainText('Zahlbar innerhalb von 14 Tagen');
  const place = order.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
  await expect(place).toBeDisabled();
  await order
    .getByLabel('Ich nehme das Angebot mit seinen Zahlungsbedingungen an und bestelle es zahlungspflichtig.')
    .check();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/order-confirm-de-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await place.click();
  await expect(page.getByText(/Bestellt\. Ihre Auftragsnummer lautet A-\d{4}-\d{5}\./)).toBeVisible();
  await expect(page.getByTestId('project-state')).toHaveText('Bestellt');
  await expect(page.getByTestId('order-number')).toHaveText(/^A-\d{4}-\d{5}$/);
  await expect(page.getByTestId('order-by')).not.toHaveText('—');
  const number = (await page.getByTestId('order-number').textContent()) ?? '';

  await expect
    .poll(() =>
      mailsTo(DEMO_ACCOUNTS.customer).some((mail) => mail.subject === `Auftragsbestätigung ${number}`),
    )
    .toBe(true);
  await expect
    .poll(() => mailsTo(DEMO_ACCOUNTS.admin).some((mail) => mail.subject === `Neuer Auftrag ${number}`))
    .toBe(true);
  const confirmation = mailsTo(DEMO_ACCOUNTS.customer).find(
    (mail) => mail.subject === `Auftragsbestätigung ${number}`,
  );
  expect(confirmation?.text).toMatch(/Gesamtbetrag \(brutto\): 57\.715,00\s€/);
});

test('the offer PDF: staff preview it before sending, the customer downloads the one sent', async ({
  browser,
  request,
}) => {
  test.slow();
  const name = `E2E PDF ${Date.now()}`;
  const { id, admin } = await projectInQuote(request, name, [
    { text: 'Modernisierung Steuerung', quantity: 2, unitPriceCents: 1_234_550 },
  ]);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInByToken(staff, request, 'admin');
  await staff.goto(`/apps/projects/projects/${id}`);
  await expect(staff.getByRole('button', { name: 'Angebotsvorschau (PDF)' })).toBeVisible({
    timeout: 30_000,
  });
  const [preview] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('button', { name: 'PDF herunterladen' }).click(),
  ]);
  const draft = await pdfText(await readFile((await preview.path()) ?? ''));
  expect(draft).toContain('Entwurf – die Nummer wird beim Versand vergeben');
  expect(draft).toContain('Modernisierung Steuerung');
  await staffContext.close();

  const sent = await request.put(`/api/projects/${id}`, {
    headers: admin,
    data: { project: { state: 'sentOffer' } },
  });
  const offerNumber = ((await sent.json()) as { offer: { number: string } }).offer.number;

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInByToken(customer, request, 'customer');
  await customer.goto(`/apps/projects/projects/${id}`);
  await expect(customer.getByTestId('offer-number')).toHaveText(offerNumber, { timeout: 30_000 });
  await expect(customer.getByRole('button', { name: 'Angebot ansehen (PDF)' })).toBeVisible();
  const [download] = await Promise.all([
    customer.waitForEvent('download'),
    customer.getByRole('button', { name: 'PDF herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${offerNumber}.pdf`);
  const text = await pdfText(await readFile((await download.path()) ?? ''));
  // Net 24.691,00 €, 19 % VAT 4.691,29 €, gross 29.382,29 €.
  for (const expected of [
    'Muster Aufzüge GmbH',
    '10115 Berlin',
    offerNumber,
    'Gültig bis',
    'Nettobetrag',
    '24.691,00 €',
    'zzgl. 19 % USt.',
    '4.691,29 €',
    'Gesamtbetrag (brutto)',
    '29.382,29 €',
    'Zahlungsbedingungen',
  ]) {
    expect(text).toContain(expected);
  }
  expect(text).not.toContain('Position');
  await customerContext.close();
});
