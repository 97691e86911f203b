import { expect, type Page, test } from '@playwright/test';
import { signInByToken } from './support';

/**
 * The browser refused persistent storage (docs/sync.md): a service man is told once in the shell
 * until he closes it, the offline page explains it in full, and an admin is never told.
 * `navigator.storage.persist` is stubbed to refuse; Chromium would grant it to a visited site.
 */

const NOTICE_TEXT = 'Dieser Browser kann die Offline-Daten löschen';

async function refusePersistentStorage(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(navigator.storage, 'persist', { value: () => Promise.resolve(false) });
    Object.defineProperty(navigator.storage, 'persisted', { value: () => Promise.resolve(false) });
  });
}

test('a service man sees the storage notice once, closed stays closed; the offline page explains it', async ({
  page,
  request,
}) => {
  await refusePersistentStorage(page);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  const notice = page.getByTestId('persist-notice');
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(NOTICE_TEXT);
  await expect(notice).toHaveCount(1);

  // The offline page shows the full text instead of the shell's notice.
  await notice.getByRole('link', { name: 'Offline-Änderungen' }).click();
  await expect(page).toHaveURL(/\/apps\/sync$/);
  await expect(page.getByTestId('persist-explained')).toBeVisible();
  await expect(page.getByTestId('persist-notice')).toHaveCount(0);

  await page.goto('/apps/lift/lifts');
  await expect(notice).toBeVisible({ timeout: 20_000 });
  // It stands over the page, not above it: coming late or going, it moves nothing under a tap.
  const heading = page.getByRole('heading', { level: 1 });
  const withNotice = await heading.boundingBox();
  await notice.getByRole('button', { name: 'Hinweis schließen' }).click();
  await expect(notice).toHaveCount(0);
  expect(await heading.boundingBox()).toEqual(withNotice);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The refusal is known again after the reload (the offline page still explains it)...
  await page.goto('/apps/sync');
  await expect(page.getByTestId('persist-explained')).toBeVisible({ timeout: 20_000 });
  // ...but the closed notice stays closed.
  await page.goto('/apps/lift/lifts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('persist-notice')).toHaveCount(0);
});

test('an admin never sees the storage notice', async ({ page, request }) => {
  await refusePersistentStorage(page);
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/sync');
  // The refusal reached the app: the offline page explains it to everyone.
  await expect(page.getByTestId('persist-explained')).toBeVisible({ timeout: 20_000 });
  await page.goto('/apps/lift/lifts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('persist-notice')).toHaveCount(0);
});
