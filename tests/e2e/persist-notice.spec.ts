import { expect, type Page, test } from '@playwright/test';
import { liftWithError, waitForMirror } from './offline-support';
import { signInByToken, TEXT } from './support';

/**
 * The browser refused persistent storage (docs/sync.md#persistent-storage-and-sign-out): a service
 * man is told once per device, in the page's flow above the next page he opens (never over its
 * buttons); the offline page explains it in full; an admin is never told.
 * `navigator.storage.persist` is stubbed to refuse; Chromium would grant it to a visited site.
 */

const NOTICE_TEXT = 'Dieser Browser kann die Offline-Daten löschen';

async function refusePersistentStorage(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(navigator.storage, 'persist', { value: () => Promise.resolve(false) });
    Object.defineProperty(navigator.storage, 'persisted', { value: () => Promise.resolve(false) });
  });
}

/** Opens a lift from the lift list, in the app (not a page load). */
async function openLiftFromList(page: Page, uid: string) {
  await page.getByLabel('Aufzüge durchsuchen').fill(uid);
  await page.getByRole('link', { name: uid, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Aufzug ${uid}` })).toBeVisible();
}

/** The browser's refusal has reached the app in this page load. */
async function refusalKnown(page: Page) {
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-persist-refused', 'true', {
    timeout: 20_000,
  });
}

test('on a phone the storage notice comes once, in the page above it, and leaves "Quittieren" reachable', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lift = await liftWithError(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await refusePersistentStorage(page);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/lift/lifts');
  await waitForMirror(page);
  await refusalKnown(page);
  // Not on the page already drawn when the browser answered: it would push it down under a tap.
  await expect(page.getByTestId('persist-notice')).toHaveCount(0);

  await openLiftFromList(page, lift.uid);
  const notice = page.getByTestId('persist-notice');
  await expect(notice).toContainText(NOTICE_TEXT);
  // In the page's flow, above the page: nothing of the page lies under it.
  expect(await notice.evaluate((element) => getComputedStyle(element).position)).toBe('static');
  const noticeBox = await notice.boundingBox();
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect((noticeBox?.y ?? 0) + (noticeBox?.height ?? 0)).toBeLessThanOrEqual(heading?.y ?? 0);

  // The open alarm's "Quittieren" is not covered: the point under its centre is the button.
  const alarm = page.getByTestId('alarm-item').filter({ hasText: 'Fehler 101: Türzonenfehler' });
  const acknowledge = alarm.getByRole('button', { name: 'Quittieren' });
  await acknowledge.scrollIntoViewIfNeeded();
  expect(
    await acknowledge.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && button.contains(hit);
    }),
  ).toBe(true);
  await acknowledge.click();
  await expect(alarm).toContainText('Quittiert');
  await expect(notice).toBeVisible();

  // Closed with its button, at once.
  await notice.getByRole('button', { name: 'Verstanden' }).click();
  await expect(notice).toHaveCount(0);

  // After a reload, with the refusal known again, the next page comes without it.
  await page.reload();
  await refusalKnown(page);
  await page.getByRole('button', { name: TEXT.openNavigation }).click();
  await page.getByRole('link', { name: 'Aufzüge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aufzüge' })).toBeVisible();
  await openLiftFromList(page, lift.uid);
  await expect(page.getByTestId('persist-notice')).toHaveCount(0);
});

test('left without closing, the storage notice does not come back either', async ({ page, request }) => {
  await refusePersistentStorage(page);
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/errors');
  await waitForMirror(page);
  await refusalKnown(page);
  const nav = page.getByRole('navigation', { name: TEXT.mainNavigation });
  await nav.getByRole('link', { name: 'Aufzüge' }).click();
  const notice = page.getByTestId('persist-notice');
  await expect(notice).toContainText(NOTICE_TEXT);
  // Its link leads to the full explanation, where the notice itself is not repeated.
  await notice.getByRole('link', { name: 'Was tun?' }).click();
  await expect(page.getByTestId('persist-explained')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await nav.getByRole('link', { name: 'Fehler' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fehler' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  await page.reload();
  await refusalKnown(page);
  await nav.getByRole('link', { name: 'Aufzüge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aufzüge' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('an admin never sees the storage notice', async ({ page, request }) => {
  await refusePersistentStorage(page);
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/errors');
  await refusalKnown(page);
  // A page opened after the refusal was known, where a service man would get the notice.
  await page
    .getByRole('navigation', { name: TEXT.mainNavigation })
    .getByRole('link', { name: 'Aufzüge' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aufzüge' })).toBeVisible();
  await expect(page.getByTestId('persist-notice')).toHaveCount(0);
});
