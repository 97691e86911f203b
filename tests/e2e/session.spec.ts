import { expect, type Page, test } from '@playwright/test';
import { SHORT_TOKEN_TTL_SECONDS, SHORT_TOKEN_URL } from '../../playwright.config';
import { LANDING_PATH, signInByToken, signInWithForm, TEXT, TOKEN_STORAGE_KEY } from './support';

function storeToken(page: Page, token: string) {
  return page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: TOKEN_STORAGE_KEY,
    value: token,
  });
}

/** A token the browser can read but the server never signed. */
function unsignedToken(expiresInSeconds: number) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: '00000000-0000-4000-8000-000000000000',
    role: 'admin',
    sid: '00000000-0000-4000-8000-000000000001',
    iat: now - 60,
    exp: now + expiresInSeconds,
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.${'x'.repeat(43)}`;
}

test('signing in shows the shell with the user, and a stored token signs in again after a reload', async ({
  page,
}) => {
  await page.goto('/login');
  await signInWithForm(page, 'admin');
  await expect(page).toHaveURL(LANDING_PATH);
  await page.getByRole('button', { name: TEXT.userMenu }).click();
  await expect(page.getByRole('menu')).toContainText('Administrator');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page).toHaveURL(LANDING_PATH);
});

test('a wrong password is shown as a warning and on the field', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(TEXT.email).fill('admin@demo.local');
  await page.getByLabel(TEXT.password).fill('wrong-password');
  await page.getByRole('button', { name: TEXT.login }).click();
  await expect(page.getByText(TEXT.wrongCredentials).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('the login button is enabled only while the form is valid', async ({ page }) => {
  await page.goto('/login');
  const button = page.getByRole('button', { name: TEXT.login });
  await expect(button).toBeDisabled();
  await page.getByLabel(TEXT.email).fill('abc');
  await page.getByLabel(TEXT.password).fill('demo1234');
  await expect(page.getByText(TEXT.minLength4)).toBeVisible();
  await expect(button).toBeDisabled();
  await page.getByLabel(TEXT.email).fill('admin@demo.local');
  await expect(button).toBeEnabled();
  await expect(page.getByText(TEXT.welcome)).toBeVisible();
  await expect(page.getByRole('link', { name: TEXT.forgotPassword })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});

test('logout from the user menu ends the session and goes to the login page', async ({ page, request }) => {
  await signInByToken(page, request, 'customer');
  await page.goto(LANDING_PATH);
  await page.getByRole('button', { name: TEXT.userMenu }).click();
  await page.getByRole('menuitem', { name: TEXT.logout }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
  await page.goto(LANDING_PATH);
  await expect(page).toHaveURL(/\/login/);
});

test('the /logout page says so and signs out', async ({ page, request }) => {
  await signInByToken(page, request, 'service_man');
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
});

test('an expired stored token is cleared with "Token expired"', async ({ page }) => {
  await storeToken(page, unsignedToken(-60));
  await page.goto(LANDING_PATH);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(TEXT.tokenExpired)).toBeVisible();
});

test('a token the server refuses says "Failed to login with token." and signs out', async ({ page }) => {
  await storeToken(page, unsignedToken(3600));
  // The landing page's own requests are refused first: the verdict is still the sign-in's.
  await page.route('**/api/users/authenticatewithtoken', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(LANDING_PATH);
  await expect(page.getByText(TEXT.failedTokenLogin)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a server error on the token sign-in keeps the stored session', async ({ page, request }) => {
  const token = await signInByToken(page, request, 'service_man');
  await page.route('**/api/users/authenticatewithtoken', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Server error"}' }),
  );
  await page.goto(LANDING_PATH);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page).toHaveURL(LANDING_PATH);
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBe(token);
});

test("on the lift list, asked for before the verdict, a refused token is still told as the sign-in's", async ({
  page,
}) => {
  await storeToken(page, unsignedToken(3600));
  // The list's route loader asks for its first page at once (src/features/lifts/lift-list-prefetch.ts):
  // its 401 arrives while the token sign-in is still pending.
  const listRefused = page.waitForResponse(
    (response) => response.url().includes('/api/lifts/getByPagination') && response.status() === 401,
  );
  await page.route('**/api/users/authenticatewithtoken', async (route) => {
    await listRefused;
    await route.continue();
  });
  await page.goto('/apps/lift/lifts');
  await expect(page.getByText(TEXT.failedTokenLogin)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(TEXT.invalidToken)).toHaveCount(0);
});

test('the session ends with "Token expired" when the token runs out', async ({ page }) => {
  test.slow();
  await page.goto(`${SHORT_TOKEN_URL}/login`);
  await signInWithForm(page, 'customer');
  await expect(page).toHaveURL(`${SHORT_TOKEN_URL}${LANDING_PATH}`);
  await expect(page.getByText(TEXT.tokenExpired)).toBeVisible({
    timeout: (SHORT_TOKEN_TTL_SECONDS + 10) * 1000,
  });
  await expect(page).toHaveURL(/\/login/);
});
