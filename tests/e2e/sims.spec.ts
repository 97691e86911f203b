import { expect, test } from '@playwright/test';
import { TOPUP_RECIPIENTS } from '../../playwright.config';
import { mailsTo } from './smtp-sink';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInByToken } from './support';

/**
 * SIM management on the built-in simulator (docs/sims.md): the SIM session, the list, a low card
 * and its top-up, whose mail reaches both TOPUP_RECIPIENTS on the test SMTP server.
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

  await page.getByRole('button', { name: /Aufladen: 500 MB für 35 Euro/ }).click();
  await expect(page.getByText('E-Mail gesendet!')).toBeVisible();

  for (const recipient of TOPUP_RECIPIENTS) {
    await expect.poll(() => mailsTo(recipient).filter((mail) => mail.subject.includes(iccid)).length).toBe(1);
    const [mail] = mailsTo(recipient).filter((entry) => entry.subject.includes(iccid));
    expect(mail?.text).toContain(DEMO_ACCOUNTS.admin);
    expect(mail?.text).toContain('MB');
  }

  // A second request within a day asks first.
  await page.getByRole('button', { name: /Aufladen: 500 MB für 35 Euro/ }).click();
  await expect(page.getByRole('dialog', { name: 'Weitere Aufladung anfordern?' })).toBeVisible();
});
