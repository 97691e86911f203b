import { expect, type Page, test } from '@playwright/test';
import type { Role } from '../../contract/roles';
import { SETTINGS_URL } from '../../playwright.config';
import { LANDING_PATH, signInByToken, TEXT, TOKEN_STORAGE_KEY } from './support';

/** Top-level menu entries by their link target, and which roles see them (spec §2, design §3). */
const MENU: Record<string, Role[]> = {
  '/apps/lift/lifts': ['dev', 'admin', 'customer_admin', 'customer', 'service_man'],
  '/apps/errors': ['dev', 'admin', 'customer_admin', 'customer', 'service_man'],
  '/apps/descriptions': ['dev', 'admin', 'customer_admin', 'customer'],
  '/apps/servicers/servicers': ['dev', 'admin', 'customer_admin', 'customer'],
  '/apps/users/users': ['dev', 'admin'],
  '/apps/simcard/sims': ['dev', 'admin'],
  '/apps/base': ['dev', 'admin'],
  '/apps/socket': ['dev'],
  '/apps/logs': ['dev'],
};

function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: TEXT.mainNavigation });
}

for (const role of Object.keys({
  dev: 1,
  admin: 1,
  customer_admin: 1,
  customer: 1,
  service_man: 1,
}) as Role[]) {
  test(`the navigation shows ${role} exactly the entries of its role`, async ({ page, request }) => {
    await signInByToken(page, request, role);
    await page.goto(LANDING_PATH);
    const nav = mainNavigation(page);
    await expect(nav).toBeVisible();
    for (const [href, roles] of Object.entries(MENU)) {
      await expect(nav.locator(`a[href="${href}"]`), href).toHaveCount(roles.includes(role) ? 1 : 0);
    }
  });
}

// On a server of its own: the choice is saved on the user and would reach parallel tests.
test('German by default; English on request, kept after a reload and on <html lang>', async ({
  page,
  request,
}) => {
  const token = await signInByToken(page, request, 'customer', SETTINGS_URL);
  // The choice is saved on the user: start from German even when an earlier attempt switched.
  const reset = await request.put(`${SETTINGS_URL}/api/users/me/settings`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { language: 'de' },
  });
  expect(reset.ok()).toBeTruthy();
  await page.goto(`${SETTINGS_URL}${LANDING_PATH}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(mainNavigation(page)).toBeVisible();
  // The role under the user's name is a label in his language, not the stored role name.
  await expect(page.getByRole('button', { name: TEXT.userMenu })).toContainText('Kunde');

  await page.getByRole('button', { name: TEXT.languageMenu }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: TEXT.en.mainNavigation })).toBeVisible();
  await expect(page.getByRole('button', { name: TEXT.en.userMenu })).toContainText('Customer');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: TEXT.en.mainNavigation })).toBeVisible();
});

test('the login page follows the language too', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel(TEXT.password)).toBeVisible();
  await page.getByRole('button', { name: TEXT.languageMenu }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByLabel(TEXT.en.password)).toBeVisible();
  await expect(page.getByRole('button', { name: TEXT.en.login })).toBeVisible();
});

test('any 401 ends the session with "Invalid access_token"', async ({ page, request }) => {
  await signInByToken(page, request, 'customer');
  await page.goto(LANDING_PATH);
  await expect(mainNavigation(page)).toBeVisible();
  await page.route('**/api/users/me/settings', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"message":"Invalid access_token"}',
    }),
  );
  await page.getByRole('button', { name: TEXT.languageMenu }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
});

test('the design editor opens in a new tab from the toolbar', async ({ page, request }) => {
  await signInByToken(page, request, 'admin');
  await page.goto(LANDING_PATH);
  const link = page.getByRole('link', { name: TEXT.designEditor });
  await expect(link).toHaveAttribute('href', 'https://designer.example.com/');
  await expect(link).toHaveAttribute('target', '_blank');
});

test('on a 360 px phone the navigation is a drawer that opens and closes', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByToken(page, request, 'service_man');
  await page.goto(LANDING_PATH);
  await expect(mainNavigation(page)).toBeHidden();
  await page.getByRole('button', { name: TEXT.openNavigation }).click();
  const nav = mainNavigation(page);
  await expect(nav).toBeVisible();
  await nav.locator('a[href="/apps/errors"]').click();
  await expect(page).toHaveURL('/apps/errors');
  await expect(mainNavigation(page)).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the horizontal layout draws the same navigation as a menu bar', async ({ page, request }) => {
  await signInByToken(page, request, 'dev', SETTINGS_URL);
  await page.goto(`${SETTINGS_URL}${LANDING_PATH}`);
  await page.getByRole('button', { name: TEXT.userMenu }).click();
  await page.getByRole('menuitemradio', { name: TEXT.horizontalLayout }).click();
  const nav = mainNavigation(page);
  await expect(nav.locator('a[href="/apps/logs"]')).toHaveCount(1);
  const box = await nav.boundingBox();
  expect(box && box.width > box.height).toBe(true);
});
