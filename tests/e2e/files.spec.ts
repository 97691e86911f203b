import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  adminHeaders,
  errorMessageOf,
  liftWithError,
  openFaultNotes,
  waitForMirror,
  waitForServiceWorker,
} from './offline-support';
import { signInByToken } from './support';
import { png } from './test-images';

/**
 * Lift files on the phone (docs/files.md#offline): a photo taken offline on a note reaches
 * the server exactly once and the office sees it; a kept PDF opens without a network.
 */

test.describe.configure({ timeout: 120_000 });

interface LiftFile {
  id: string;
  name: string;
  url: string;
}

async function filesOf(request: APIRequestContext, liftId: string): Promise<LiftFile[]> {
  const response = await request.get('/api/files/getByLiftId', {
    headers: await adminHeaders(request),
    params: { liftId },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { files: LiftFile[] }).files;
}

/** Whether the image is loaded and drawn (not a broken picture). */
const isDrawn = (page: Page, name: string) =>
  page
    .getByRole('img', { name })
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

test('a photo taken offline on a note is uploaded once when the network returns, and the admin sees it', async ({
  page,
  context,
  request,
  browser,
}) => {
  const lift = await liftWithError(request);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForServiceWorker(page);
  await waitForMirror(page);

  await context.setOffline(true);
  let dialog = await openFaultNotes(page, lift.id);
  await dialog.getByLabel('Text').fill('Türkontakt verschmutzt');
  await dialog.getByTestId('note-photo-input').setInputFiles({
    name: 'tuerkontakt.png',
    mimeType: 'image/png',
    buffer: png(64, [200, 40, 40]),
  });
  await expect.poll(() => isDrawn(page, 'Foto 1')).toBe(true);
  await dialog.getByRole('button', { name: 'Notiz hinzufügen' }).click();
  await expect(dialog).toBeHidden();
  // The photo and the note wait: both count.
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '2');

  // Still offline after a reload: the photo is on the device, marked as not uploaded.
  await page.reload();
  dialog = await openFaultNotes(page, lift.id);
  await expect(dialog.getByText('Noch nicht hochgeladen')).toBeVisible();
  await expect.poll(() => isDrawn(page, 'Foto 1')).toBe(true);
  await dialog.getByRole('button', { name: 'Schließen' }).first().click();
  await page.goto('/apps/sync');
  await expect(
    page.getByRole('heading', { name: 'Dateien, die auf das Hochladen warten (1)' }),
  ).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
  const files = await filesOf(request, lift.id);
  expect(files.filter((file) => file.name === 'tuerkontakt.png')).toHaveLength(1);
  const [note] = (await errorMessageOf(request, lift.id)).noteEntries;
  expect(note?.text).toBe('Türkontakt verschmutzt');
  expect(note?.urls).toEqual([files.find((file) => file.name === 'tuerkontakt.png')?.url]);

  // The office sees the note with the photo.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInByToken(admin, request, 'admin');
  const adminDialog = await openFaultNotes(admin, lift.id);
  await expect(adminDialog.getByTestId('note-entry')).toContainText('Türkontakt verschmutzt');
  await expect.poll(() => isDrawn(admin, 'Foto 1')).toBe(true);
  await adminDialog.getByRole('button', { name: 'Schließen' }).first().click();
  await admin.getByRole('tab', { name: 'Dateien' }).click();
  await expect(admin.getByTestId('lift-files').getByText('tuerkontakt.png')).toBeVisible();
  await adminContext.close();
});

test('a PDF kept on the device opens in the shaft without a network', async ({ page, context, request }) => {
  const lift = await liftWithError(request);
  const upload = await request.post('/api/files/register', {
    headers: await adminHeaders(request),
    multipart: {
      uid: `e2e-manual-${lift.id}`,
      liftId: lift.id,
      file: {
        name: 'Schaltplan.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(
          '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
        ),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);

  await signInByToken(page, request, 'service_man');
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await waitForServiceWorker(page);
  await waitForMirror(page);
  await page.getByRole('tab', { name: 'Dateien' }).click();
  const row = page.getByTestId('lift-files').getByRole('listitem').filter({ hasText: 'Schaltplan.pdf' });
  await row.getByRole('button', { name: 'Offline behalten: Schaltplan.pdf', exact: true }).click();
  await expect(row.getByRole('button', { name: 'Wird offline behalten: Schaltplan.pdf' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(row.getByText('Auf diesem Gerät')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('tab', { name: 'Dateien' }).click();
  await expect(row.getByRole('button', { name: 'Wird offline behalten: Schaltplan.pdf' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await row.getByRole('button', { name: 'Schaltplan.pdf', exact: true }).click();
  await expect(page.getByTestId('file-preview-pdf')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Herunterladen' })).toHaveAttribute(
    'download',
    'Schaltplan.pdf',
  );

  // The offline page tells what is kept and how much of the budget it takes.
  await page.goto('/apps/sync');
  await expect(page.getByTestId('kept-usage')).toContainText('von 200 MB belegt');
});
