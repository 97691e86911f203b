import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, expect, type Locator, type Page, test } from '@playwright/test';
import { MAIN_URL } from '../../playwright.config';
import { chromiumLaunchOptions } from '../../tools/chromium.mjs';
import { adminHeaders, liftWithError, tokenOf, waitForMirror, waitForServiceWorker } from './offline-support';
import { mailsTo } from './smtp-sink';
import { DEMO_ACCOUNTS, showIn, signInByToken, stopShowingIn, TOKEN_STORAGE_KEY } from './support';
import { png } from './test-images';

/**
 * Service reports (docs/service-reports.md): a service man writes one offline on his phone, with a
 * photo and the customer's signature drawn on the screen; it waits on the device, after the browser
 * is closed too, and reaches the server once when it reopens online: one report, one mail with the
 * PDF to the lift's customer.
 */

const PHONE = { width: 390, height: 844 };

/** Draws a signature with the mouse: three strokes across the pad. */
async function sign(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad on screen');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  for (const stroke of [
    [at(0.1, 0.7), at(0.25, 0.2), at(0.4, 0.75), at(0.55, 0.3)],
    [at(0.6, 0.6), at(0.75, 0.25), at(0.9, 0.65)],
    [at(0.15, 0.85), at(0.85, 0.85)],
  ]) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    await page.mouse.move(...first);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(...point, { steps: 8 });
    await page.mouse.up();
  }
}

/** Fills the report form (German), with a photo and a drawn signature. */
async function fillReport(page: Page, dialog: Locator, work: string, signer: string) {
  await dialog.getByLabel('Ausgeführte Arbeiten').fill(work);
  await dialog.getByRole('button', { name: 'Teil hinzufügen' }).click();
  await dialog.getByRole('combobox', { name: 'Teil 1', exact: true }).fill('Türrolle');
  await dialog.getByLabel('Menge').fill('2');
  await dialog.getByLabel('Zeit vor Ort (Minuten)').fill('45');
  await dialog.getByTestId('report-photo-input').setInputFiles({
    name: 'tuer.png',
    mimeType: 'image/png',
    buffer: png(48, [200, 80, 40]),
  });
  await expect(dialog.getByText('Noch nicht hochgeladen')).toBeVisible();
  await dialog.getByLabel('Name der unterschreibenden Person').fill(signer);
  await sign(page, dialog.getByTestId('signature-pad'));
}

const reportsOf = async (request: Parameters<typeof adminHeaders>[0], liftId: string) => {
  const answer = await request.get(`/api/lifts/${liftId}/service-reports`, {
    headers: await adminHeaders(request),
  });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { reports: { workDone: string; signerName: string; pdfUrl: string }[] })
    .reports;
};

test('a report written offline with a photo and a signature reaches the server once, and its PDF is mailed once', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const lift = await liftWithError(request);
  const token = await tokenOf(request, 'service_man');
  const profile = mkdtempSync(join(tmpdir(), 'lift-portal-report-'));
  const work = `Türrollen getauscht ${Date.now()}`;
  const signer = 'Erika Mustermann';
  const open = async () => {
    const context = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions(),
      baseURL: MAIN_URL,
      locale: 'de-DE',
      viewport: PHONE,
    });
    await context.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      [TOKEN_STORAGE_KEY, token] as const,
    );
    return context;
  };
  let context: BrowserContext | null = await open();
  try {
    // One online visit of the app: the service worker and the mirror are there.
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`/apps/lift/lifts/${lift.id}`);
    await waitForServiceWorker(page);
    await waitForMirror(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Servicebericht schreiben' }).click();
    const dialog = page.getByRole('dialog', { name: 'Servicebericht schreiben' });
    // Nothing signed yet: the form says what is missing, on its fields.
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('Die Unterschrift des Kunden fehlt')).toBeVisible();
    await expect(dialog.getByText('Beschreiben Sie die ausgeführten Arbeiten')).toBeVisible();
    await fillReport(page, dialog, work, signer);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByTestId('service-report').filter({ hasText: work });
    await expect(card.getByTestId('report-waiting')).toHaveText('Wartet auf Senden');
    await page.reload();
    await expect(card.getByTestId('report-waiting')).toHaveText('Wartet auf Senden');
    // The report and its photo wait on the device.
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '2');
    await context.close();
    context = null;
    expect(await reportsOf(request, lift.id)).toEqual([]);

    // Reopened online: the photo, then the report, go once.
    context = await open();
    const reopened = context.pages()[0] ?? (await context.newPage());
    await reopened.goto(`/apps/lift/lifts/${lift.id}`);
    await expect(reopened.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', {
      timeout: 60_000,
    });
    await expect.poll(async () => (await reportsOf(request, lift.id)).length, { timeout: 30_000 }).toBe(1);
    const [report] = await reportsOf(request, lift.id);
    expect(report).toMatchObject({ workDone: work, signerName: signer });
    const shown = reopened.getByTestId('service-report').filter({ hasText: work });
    await expect(shown.getByRole('button', { name: 'PDF öffnen' })).toBeVisible({ timeout: 30_000 });
    await expect(shown.getByTestId('report-waiting')).toHaveCount(0);
    await shown.getByRole('button', { name: 'PDF öffnen' }).click();
    await expect(reopened.getByTitle('Vorschau des Serviceberichts')).toBeVisible({ timeout: 30_000 });
    await reopened.keyboard.press('Escape');

    // One mail to the lift's customer, with the PDF: the work, the signer and images in it.
    const subject = `Servicebericht zu Aufzug ${lift.uid}`;
    await expect
      .poll(() => mailsTo(DEMO_ACCOUNTS.customer).filter((mail) => mail.subject === subject).length, {
        timeout: 60_000,
      })
      .toBe(1);
    const outbox = await request.get('/api/outbox', {
      headers: await adminHeaders(request),
      params: { kind: 'report', search: lift.uid },
    });
    const rows = ((await outbox.json()) as { messages: { subject: string }[] }).messages.filter(
      (item) => item.subject === subject,
    );
    expect(rows).toHaveLength(1);
    const mail = mailsTo(DEMO_ACCOUNTS.customer).find((received) => received.subject === subject);
    const attachment = mail?.attachments.find((file) => file.contentType === 'application/pdf');
    expect(attachment).toBeTruthy();
    const pdf = join(profile, 'report.pdf');
    writeFileSync(pdf, Buffer.from(attachment?.base64 ?? '', 'base64'));
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-']).toString();
    expect(text).toContain(work);
    expect(text).toContain(signer);
    // `pdfimages -list`: two header lines, then one line per image (the photo and the signature).
    const images = execFileSync('pdfimages', ['-list', pdf]).toString().trim().split('\n').slice(2);
    expect(images.length).toBeGreaterThanOrEqual(2);
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/** With SHOTS_DIR set: the form, the waiting report and the list, at 360 and 1280 px, German and English. */
test('screenshots of the report form, a waiting report and the list', async ({ page, context, request }) => {
  const dir = process.env.SHOTS_DIR;
  test.skip(!dir, 'SHOTS_DIR not set');
  test.setTimeout(400_000);
  mkdirSync(dir ?? '', { recursive: true });
  const lift = await liftWithError(request);
  await page.setViewportSize(PHONE);
  await signInByToken(page, request, 'service_man');
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await waitForServiceWorker(page);
  await waitForMirror(page);
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Servicebericht schreiben' }).click();
  const dialog = page.getByRole('dialog', { name: 'Servicebericht schreiben' });
  await fillReport(page, dialog, 'Lichtgitter justiert, Türrollen getauscht', 'Erika Mustermann');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();

  for (const language of ['de', 'en'] as const) {
    await showIn(page, language);
    await page.evaluate((value) => localStorage.setItem('lift-portal.language', value), language);
    const write = language === 'de' ? 'Servicebericht schreiben' : 'Write a service report';
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await page.goto(`/apps/lift/lifts/${lift.id}`);
      const card = page.getByTestId('service-report').first();
      await expect(card.getByTestId('report-waiting')).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/report-waiting-${language}-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: write }).click();
      const form = page.getByRole('dialog', { name: write });
      await form.getByRole('button', { name: language === 'de' ? 'Teil hinzufügen' : 'Add part' }).click();
      await form.getByRole('button', { name: language === 'de' ? 'Speichern' : 'Save' }).click();
      await page.screenshot({ path: `${dir}/report-form-errors-${language}-${width}.png` });
      await sign(page, form.getByTestId('signature-pad'));
      await page.screenshot({ path: `${dir}/report-form-signed-${language}-${width}.png` });
      await page.keyboard.press('Escape');
    }
  }
  await stopShowingIn(page);
  await page.evaluate(() => localStorage.setItem('lift-portal.language', 'de'));
  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 60_000 });

  // The admin's list, with its filters.
  const admin = await context.browser()?.newContext({ baseURL: MAIN_URL, locale: 'de-DE' });
  if (!admin) throw new Error('no browser');
  try {
    const adminPage = await admin.newPage();
    const token = await signInByToken(adminPage, request, 'admin');
    for (const language of ['de', 'en'] as const) {
      await adminPage.addInitScript(
        ([key, value, lang]) => {
          localStorage.setItem(key, value);
          localStorage.setItem('lift-portal.language', lang);
        },
        [TOKEN_STORAGE_KEY, token, language] as const,
      );
      await showIn(adminPage, language);
      for (const width of [360, 1280]) {
        await adminPage.setViewportSize({ width, height: width === 360 ? 800 : 900 });
        await adminPage.goto('/apps/reports');
        await expect(adminPage.getByTestId('service-report').first()).toBeVisible({ timeout: 30_000 });
        await adminPage.screenshot({ path: `${dir}/reports-list-${language}-${width}.png`, fullPage: true });
      }
    }
  } finally {
    await admin.close();
  }
});
