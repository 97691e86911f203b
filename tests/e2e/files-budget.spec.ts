import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, holdFirstSync, liftWithError, waitForMirror } from './offline-support';
import { signInByToken } from './support';
import { png } from './test-images';

/**
 * Lift files on the device (docs/files.md#offline): the space for kept files chosen on
 * the offline page, what goes when it is lowered; and the Files tab's ways in (picker, camera,
 * drag and drop) and its list. The admin is signed in: he gets nothing fetched ahead, so what is
 * kept is only what the test opens or pins.
 */

test.describe.configure({ timeout: 180_000 });

const MB = 1024 * 1024;

/** A PDF of exactly `bytes` bytes (the server checks its magic number), padded in a stream. */
function pdfOf(bytes: number): Buffer {
  const head =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n';
  const tail = '\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  const streamHead = (length: number) => `4 0 obj<</Length ${length}>>stream\n`;
  let padding = bytes - head.length - tail.length - streamHead(bytes).length;
  padding += streamHead(bytes).length - streamHead(padding).length;
  return Buffer.concat([
    Buffer.from(head + streamHead(padding)),
    Buffer.alloc(padding, 0x20),
    Buffer.from(tail),
  ]);
}

async function upload(request: APIRequestContext, liftId: string, name: string, buffer: Buffer) {
  const response = await request.post('/api/files/register', {
    headers: await adminHeaders(request),
    multipart: {
      uid: `e2e-budget-${liftId}-${name}`,
      liftId,
      file: { name, mimeType: 'application/pdf', buffer },
    },
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(201);
}

const fileRow = (page: Page, name: string) =>
  page.getByTestId('lift-files').getByRole('listitem').filter({ hasText: name });

test('the space for kept files is chosen on the offline page; lowering it drops the least recently used unpinned file, pinned ones stay', async ({
  page,
  request,
}) => {
  const lift = await liftWithError(request);
  const size = 20 * MB;
  for (const name of ['Handbuch-A.pdf', 'Handbuch-B.pdf', 'Schaltplan-C.pdf'])
    await upload(request, lift.id, name, pdfOf(size));

  await signInByToken(page, request, 'admin');
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await waitForMirror(page);
  await page.getByRole('tab', { name: 'Dateien' }).click();

  // A opened first, then B (both kept as opened, A the least recently used), C pinned.
  for (const name of ['Handbuch-A.pdf', 'Handbuch-B.pdf']) {
    await fileRow(page, name).getByRole('button', { name, exact: true }).click();
    await expect(page.getByTestId('file-preview-pdf')).toBeVisible({ timeout: 60_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(fileRow(page, name).getByText('Auf diesem Gerät')).toBeVisible();
  }
  await fileRow(page, 'Schaltplan-C.pdf')
    .getByRole('button', { name: 'Offline behalten: Schaltplan-C.pdf', exact: true })
    .click();
  await expect(fileRow(page, 'Schaltplan-C.pdf').getByText('Auf diesem Gerät')).toBeVisible({
    timeout: 60_000,
  });

  await page.goto('/apps/sync');
  const usage = page.getByTestId('kept-usage');
  const kept = page.getByTestId('kept-files').getByRole('listitem');
  const budget = page.locator('#kept-budget');
  await expect(budget).toHaveValue(String(200 * MB));
  await expect(usage).toContainText('60 MB von 200 MB belegt durch 3 Dateien; davon 1');
  await expect(kept).toHaveCount(3);

  // 50 MB: 60 MB do not fit; A, used longest ago and not pinned, goes at once.
  await budget.selectOption(String(50 * MB));
  await expect(usage).toContainText('40 MB von 50 MB belegt durch 2 Dateien; davon 1');
  await expect(kept).toHaveCount(2);
  await expect(kept.filter({ hasText: 'Handbuch-A.pdf' })).toHaveCount(0);
  await expect(kept.filter({ hasText: 'Handbuch-B.pdf' })).toBeVisible();
  await expect(kept.filter({ hasText: 'Schaltplan-C.pdf' }).getByText('Offline behalten')).toBeVisible();
  await expect(page.getByTestId('kept-over-budget')).toHaveCount(0);

  // The choice stays on the device.
  await page.reload();
  await expect(budget).toHaveValue(String(50 * MB));

  // Pinned files alone over the budget: all stay, and the page says they pass it.
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await page.getByRole('tab', { name: 'Dateien' }).click();
  for (const name of ['Handbuch-B.pdf', 'Handbuch-A.pdf']) {
    await fileRow(page, name)
      .getByRole('button', { name: `Offline behalten: ${name}`, exact: true })
      .click();
    await expect(
      fileRow(page, name).getByRole('button', { name: `Wird offline behalten: ${name}` }),
    ).toHaveAttribute('aria-pressed', 'true', { timeout: 60_000 });
  }
  await page.goto('/apps/sync');
  await expect(usage).toContainText('60 MB von 50 MB belegt durch 3 Dateien; davon 3');
  await expect(kept).toHaveCount(3);
  await expect(page.getByTestId('kept-over-budget')).toBeVisible();
});

test('the Files tab keeps its list in place when the first sync finishes', async ({ page, request }) => {
  const lift = await liftWithError(request);
  await upload(request, lift.id, 'Aufzugsbuch.pdf', pdfOf(64 * 1024));
  await signInByToken(page, request, 'admin');
  // The first sync waits until the tab shows the API's answer.
  const releaseSync = await holdFirstSync(page);
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await page.getByRole('tab', { name: 'Dateien' }).click();
  const row = fileRow(page, 'Aufzugsbuch.pdf');
  await expect(row).toBeVisible();
  // A mark on the row's element: a list unmounted in between (a loading state) comes back without it.
  await row.evaluate((element) => {
    element.dataset.e2eSeen = 'yes';
  });

  releaseSync();
  // A loading state would come the moment the mirror is ready, before its first answer.
  await waitForMirror(page);
  await expect(row).toHaveAttribute('data-e2e-seen', 'yes');
});

test('the Files tab adds files by picker, camera and drag and drop, and lists type, size, date and who added them', async ({
  page,
  request,
}) => {
  const lift = await liftWithError(request);
  await signInByToken(page, request, 'admin');
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await waitForMirror(page);
  await page.getByRole('tab', { name: 'Dateien' }).click();
  await expect(page.getByText('Noch keine Dateien.')).toBeVisible();

  // The picker takes several PDFs and images; the camera input asks for the back camera.
  const picker = page.getByTestId('lift-file-input');
  await expect(picker).toHaveAttribute('multiple', '');
  await expect(picker).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png,image/gif');
  await picker.setInputFiles({
    name: 'Wartungsbericht.pdf',
    mimeType: 'application/pdf',
    buffer: pdfOf(3000),
  });
  const camera = page.getByTestId('lift-photo-input');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await camera.setInputFiles({ name: 'Schacht.png', mimeType: 'image/png', buffer: png(32, [20, 120, 200]) });

  // Dropped onto the tab: a drop event with a DataTransfer made in the page.
  const dropped = png(48, [200, 160, 20]);
  const transfer = await page.evaluateHandle(
    (bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'Tuerantrieb.png', { type: 'image/png' }));
      return data;
    },
    [...dropped],
  );
  const tab = page.getByRole('region', { name: 'Dateien' });
  await tab.dispatchEvent('dragover', { dataTransfer: transfer });
  await tab.dispatchEvent('drop', { dataTransfer: transfer });

  for (const name of ['Wartungsbericht.pdf', 'Schacht.png', 'Tuerantrieb.png'])
    await expect(fileRow(page, name)).toBeVisible({ timeout: 30_000 });

  const response = await request.get('/api/files/getByLiftId', {
    headers: await adminHeaders(request),
    params: { liftId: lift.id },
  });
  const files = (
    (await response.json()) as {
      files: { name: string; size: number; type: string; createdAt: string; addedByName: string | null }[];
    }
  ).files;
  expect(files.map((file) => file.name).sort()).toEqual([
    'Schacht.png',
    'Tuerantrieb.png',
    'Wartungsbericht.pdf',
  ]);
  for (const file of files) {
    const row = fileRow(page, file.name);
    // The type icon, named for screen readers; the size, the date and who added it as the page writes them.
    await expect(row.getByRole('img').first()).toHaveAttribute(
      'data-kind',
      file.type === 'application/pdf' ? 'pdf' : 'image',
    );
    await expect(row.getByRole('img').first()).toHaveAttribute('aria-label', /.+/);
    const expected = await page.evaluate(({ size, createdAt }) => {
      const unit = size < 1024 ? 'B' : 'KB';
      const value = size < 1024 ? size : size / 1024;
      const digits = size < 1024 ? 0 : 1;
      return [
        `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: digits }).format(value)} ${unit}`,
        new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(createdAt),
        ),
      ].join(' · ');
    }, file);
    expect(file.addedByName).toBeTruthy();
    await expect(row).toContainText(`${expected} · ${file.addedByName}`);
  }
});
