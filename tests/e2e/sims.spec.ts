import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { TOPUP_RECIPIENTS } from '../../playwright.config';
import { mailsTo } from './smtp-sink';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInByToken, TOKEN_STORAGE_KEY } from './support';

/**
 * SIM management on the built-in simulator (docs/sims.md): the SIM session (and its end), the list
 * and its refresh, a low card and its top-up, whose mail reaches both TOPUP_RECIPIENTS on the test
 * SMTP server, a connectivity reset and an SMS to the controller.
 */

test('an admin confirms his password, sees the SIM cards, opens a low card and requests a top-up', async ({
  page,
  request,
}) => {
  test.slow();
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/simcard/sims');

  // No SIM session yet: the sims-login page, with his email filled in.
  await expect(page).toHaveURL(/\/apps\/simcard\/sims-login\?redirect=/);
  await expect(page.getByRole('heading', { name: 'SIM-Verwaltung' })).toBeVisible();
  await expect(page.getByLabel('E-Mail')).toHaveValue(DEMO_ACCOUNTS.admin);
  await page.getByLabel('Passwort', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('E-Mail oder Passwort falsch')).toBeVisible();
  await expect(page).toHaveURL(/sims-login/);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();

  // Back on the list.
  await expect(page).toHaveURL(/\/apps\/simcard\/sims$/);
  await expect(page.getByRole('heading', { name: 'SIM-Karten' })).toBeVisible();
  const lowRows = page.locator('tr[data-level="low"]');
  await expect(lowRows.first()).toBeVisible();
  await expect(page.locator('tr[data-level="sufficient"]').first()).toBeVisible();

  // Only low and empty cards, then the first low one.
  await page.getByLabel('Nur knappe und leere Karten').check();
  await expect(page.locator('tr[data-level="sufficient"]')).toHaveCount(0);
  const iccid = (await lowRows.first().getByRole('link').first().textContent())?.trim() ?? '';
  expect(iccid).toMatch(/^\d{19,20}$/);
  await lowRows.first().getByRole('link', { name: iccid }).click();

  await expect(page).toHaveURL(new RegExp(`/apps/simcard/sim/${iccid}$`));
  await expect(page.getByRole('heading', { name: `SIM-Karte ${iccid}` })).toBeVisible();
  for (const label of ['IMSI', 'MSISDN', 'IP-Adresse', 'Aktivierungsdatum']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: /Datennutzung der letzten 30 Tage/ })).toBeVisible();

  // It costs money: the price is shown and confirmed first, and nothing is sent on a cancel.
  await page.getByRole('button', { name: /Aufladen: 500 MB für 35 Euro/ }).click();
  const order = page.getByRole('dialog', { name: 'Aufladung bestellen?' });
  await expect(order).toContainText(`Für Karte ${iccid}: 500 MB für 35 Euro`);
  await order.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(order).toBeHidden();
  await page.getByRole('button', { name: /Aufladen: 500 MB für 35 Euro/ }).click();
  await order.getByRole('button', { name: 'Bestellen: 500 MB für 35 Euro' }).click();
  await expect(page.getByText('E-Mail gesendet!')).toBeVisible();

  for (const recipient of TOPUP_RECIPIENTS) {
    await expect.poll(() => mailsTo(recipient).filter((mail) => mail.subject.includes(iccid)).length).toBe(1);
    const [mail] = mailsTo(recipient).filter((entry) => entry.subject.includes(iccid));
    expect(mail?.text).toContain(DEMO_ACCOUNTS.admin);
    expect(mail?.text).toContain('MB');
  }

  // A second request within a day asks again, naming the first.
  await page.getByRole('button', { name: /Aufladen: 500 MB für 35 Euro/ }).click();
  await order.getByRole('button', { name: 'Bestellen: 500 MB für 35 Euro' }).click();
  await expect(page.getByRole('dialog', { name: 'Weitere Aufladung anfordern?' })).toBeVisible();
});

const SIM_SESSION_KEY = 'lift-portal.sim-session';

/** Opens the SIM list through sims-login, as an admin confirms his password there. */
async function openSimList(page: Page, request: APIRequestContext) {
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/simcard/sims');
  await expect(page).toHaveURL(/\/apps\/simcard\/sims-login\?redirect=/);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/apps\/simcard\/sims$/);
  await expect(page.locator('tr[data-level]').first()).toBeVisible();
}

test('the refresh button reads every card from the provider and shows its progress', async ({
  page,
  request,
}) => {
  await openSimList(page, request);
  const started = page.waitForResponse(
    (response) => response.url().endsWith('/api/sims/refresh') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Beim Anbieter abgleichen' }).click();
  expect((await started).status()).toBe(200);
  // The progress shows while the refresh runs, and goes when it is done.
  const progress = page.getByRole('status').filter({ hasText: /^Abgleich/ });
  await expect(progress).toBeVisible();
  await expect(progress).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Beim Anbieter abgleichen' })).toBeEnabled();
  // The list reloaded after the refresh: every row was synced just now.
  const state = await request.get('/api/sims/refresh', {
    params: {
      access_token: await page.evaluate(
        (key) =>
          (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '',
        SIM_SESSION_KEY,
      ),
    },
    headers: {
      authorization: `Bearer ${await page.evaluate((key) => localStorage.getItem(key) ?? '', TOKEN_STORAGE_KEY)}`,
    },
  });
  expect(state.status()).toBe(200);
  const body = (await state.json()) as {
    running: boolean;
    done: number;
    total: number;
    error: string | null;
  };
  expect(body).toMatchObject({ running: false, error: null });
  expect(body.total).toBeGreaterThan(0);
  expect(body.done).toBe(body.total);
});

test('a card resets its connectivity after confirmation and sends an SMS to the controller', async ({
  page,
  request,
}) => {
  await openSimList(page, request);
  const row = page.locator('tr[data-level="sufficient"]').first();
  const iccid = (await row.getByRole('link').first().textContent())?.trim() ?? '';
  await row.getByRole('link', { name: iccid }).click();
  await expect(page.getByRole('heading', { name: `SIM-Karte ${iccid}` })).toBeVisible();
  // The card's details and usage come from the provider after the heading and move the section
  // below them down: a click while they arrive can land beside the button.
  await expect(page.getByText('IMSI', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /Datennutzung der letzten 30 Tage/ })).toBeVisible();

  // The reset asks first; cancelling sends nothing.
  await page.getByRole('button', { name: 'Verbindung zurücksetzen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verbindung zurücksetzen' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(iccid);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Zurücksetzen der Verbindung angefordert')).toHaveCount(0);

  await page.getByRole('button', { name: 'Verbindung zurücksetzen' }).click();
  const reset = page.waitForResponse((response) => response.url().endsWith('/api/sims/reset'));
  await dialog.getByRole('button', { name: 'Verbindung zurücksetzen' }).click();
  expect((await reset).status()).toBe(200);
  await expect(page.getByText('Zurücksetzen der Verbindung angefordert')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The simulator records it as the card's newest event.
  await expect(page.getByText('Connectivity reset requested', { exact: true })).toBeVisible();

  // An SMS: the button waits for a text, the counter follows it.
  const send = page.getByRole('button', { name: 'SMS senden' });
  await expect(send).toBeDisabled();
  await page.getByLabel('SMS an die Steuerung').fill('STATUS');
  await expect(page.getByText('6 von 160 Zeichen')).toBeVisible();
  const sms = page.waitForResponse((response) => response.url().endsWith('/api/sims/sms'));
  await send.click();
  expect((await sms).status()).toBe(200);
  await expect(page.getByText('Nachricht erfolgreich gesendet')).toBeVisible();
  await expect(page.getByLabel('SMS an die Steuerung')).toHaveValue('');
  await expect(page.getByText('MT-SMS submitted', { exact: true }).first()).toBeVisible();
});

test('an expired SIM session sends the admin to sims-login and back', async ({ page, request }) => {
  await openSimList(page, request);
  const stored = await page.evaluate((key) => sessionStorage.getItem(key), SIM_SESSION_KEY);
  expect(stored).not.toBeNull();

  // Past its hour in this tab: the page does not even ask the server.
  await page.evaluate(
    (key) =>
      sessionStorage.setItem(
        key,
        JSON.stringify({ access_token: 'expired', expiresAt: new Date(Date.now() - 1000).toISOString() }),
      ),
    SIM_SESSION_KEY,
  );
  await page.goto('/apps/simcard/sims');
  await expect(page).toHaveURL(/\/apps\/simcard\/sims-login\?redirect=%2Fapps%2Fsimcard%2Fsims/);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), SIM_SESSION_KEY)).toBeNull();

  // A token this tab still counts as open but the server refuses (ended there, or not its own).
  await page.evaluate(
    (key) =>
      sessionStorage.setItem(
        key,
        JSON.stringify({
          access_token: 'refused-token',
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
        }),
      ),
    SIM_SESSION_KEY,
  );
  const refused = page.waitForResponse(
    (response) => response.url().endsWith('/api/sims') && response.request().method() === 'POST',
  );
  await page.goto('/apps/simcard/sims');
  expect((await refused).status()).toBe(403);
  await expect(page).toHaveURL(/\/apps\/simcard\/sims-login\?redirect=/);

  // The password again, and back on the list.
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/apps\/simcard\/sims$/);
  await expect(page.locator('tr[data-level]').first()).toBeVisible();
});
