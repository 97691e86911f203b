import { type APIRequestContext, expect, type Page, type Route, test } from '@playwright/test';
import { SETTINGS_URL } from '../../playwright.config';
import { DEMO_PASSWORD, TEXT } from './support';

/**
 * The language a person chooses is this device's at once: signing out or reloading right after
 * the choice, before its save has reached the server, must not bring back the server's older one.
 * On the settings server, each case with a user of its own (the choice is saved on the user).
 */

// Sign-ins, reloads and the first sync: slow on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** A token for `email`, whose saved language is German again (an earlier attempt may have saved English). */
async function germanUser(request: APIRequestContext, email: string): Promise<string> {
  const signedIn = await request.post(`${SETTINGS_URL}/api/users/authenticate`, {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(signedIn.ok()).toBeTruthy();
  const { access_token } = (await signedIn.json()) as { access_token: string };
  const reset = await request.put(`${SETTINGS_URL}/api/users/me/settings`, {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { language: 'de' },
  });
  expect(reset.ok()).toBeTruthy();
  return access_token;
}

/** Signs in through the form, in German. */
async function signIn(page: Page, email: string) {
  await page.goto(`${SETTINGS_URL}/login`);
  await page.getByLabel(TEXT.email).fill(email);
  await page.getByLabel(TEXT.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: TEXT.login }).click();
  await expect(page.getByRole('navigation', { name: TEXT.mainNavigation })).toBeVisible({ timeout: 30_000 });
}

async function savedLanguage(request: APIRequestContext, token: string): Promise<string | undefined> {
  const me = await request.get(`${SETTINGS_URL}/api/users/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await me.json()) as { settings: { language?: string } }).settings.language;
}

/** Opens a menu of the toolbar (a click may go unheard while the page is still busy). */
async function openMenu(page: Page, name: string | RegExp) {
  const button = page.getByRole('banner').getByRole('button', { name });
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(page.getByRole('menu')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

async function chooseLanguage(page: Page, menu: string, language: 'Deutsch' | 'English') {
  await openMenu(page, menu);
  await page.getByRole('menuitemradio', { name: language }).click();
}

/** Logout from the user menu, whose name is in either language (the switch may still be on its way). */
async function signOut(page: Page) {
  await openMenu(page, /^(Benutzermenü|User menu)/);
  await page.getByRole('menuitem', { name: /^(Abmelden|Logout)$/ }).click();
}

async function expectEnglishSignInPage(page: Page) {
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  await expect(page.getByLabel(TEXT.en.password)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: TEXT.en.login })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('a language chosen just before signing out is kept on the sign-in page', async ({ page, request }) => {
  const email = 'customer2@demo.local';
  const token = await germanUser(request, email);
  await signIn(page, email);
  // Everything in place, so that the app opens again quickly (well within the app's 10 s wait for an answer).
  await expect(page.getByTestId('sync-status')).not.toHaveAttribute('data-last-sync', '', {
    timeout: 60_000,
  });

  // The app opened again: its token trade brings the server's settings (German), read before the
  // choice, and arrives only after it. Not later than 8 s after it was asked for, though: the app
  // gives up after 10 s. A page too busy to offer the menu by then is given another go.
  for (let attempt = 1; ; attempt++) {
    let answerTrade = () => {};
    const chosen = new Promise<void>((resolve) => {
      answerTrade = resolve;
    });
    let heldUntilChosen = true;
    await page.route('**/api/users/authenticatewithtoken', async (route) => {
      const response = await route.fetch();
      const giveUp = setTimeout(() => {
        heldUntilChosen = false;
        answerTrade();
      }, 8_000);
      await chosen;
      clearTimeout(giveUp);
      await route.fulfill({ response });
    });
    const traded = page.waitForResponse('**/api/users/authenticatewithtoken');
    await page.reload();
    await chooseLanguage(page, TEXT.languageMenu, 'English');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    answerTrade();
    await traded;
    await page.unroute('**/api/users/authenticatewithtoken');
    if (heldUntilChosen) break;
    expect(attempt, 'the page took too long to offer the language menu, each time').toBeLessThan(3);
    // The answer came before the choice: back to German, saved, for the next go.
    await expect.poll(() => savedLanguage(request, token), { timeout: 30_000 }).toBe('en');
    await chooseLanguage(page, 'Language', 'Deutsch');
    await expect.poll(() => savedLanguage(request, token), { timeout: 30_000 }).toBe('de');
  }
  // At once: the save of the choice may still be on its way.
  await signOut(page);
  await expectEnglishSignInPage(page);
  await page.reload();
  await expectEnglishSignInPage(page);
});

test('a language chosen just before a reload is kept, and saved then', async ({ page, request }) => {
  const email = 'hausverwaltung@demo.local';
  const token = await germanUser(request, email);
  await signIn(page, email);

  // The save of the choice does not get through before the reload (a slow network): held, then
  // cancelled by the reload. The reloaded page's saves go through.
  const held: Route[] = [];
  let holding = true;
  await page.route('**/api/users/me/settings', (route) => {
    if (holding && route.request().method() === 'PUT') held.push(route);
    else void route.continue();
  });
  await chooseLanguage(page, TEXT.languageMenu, 'English');
  await expect.poll(() => held.length).toBe(1);
  holding = false;
  const traded = page.waitForResponse('**/api/users/authenticatewithtoken');
  await page.reload();
  for (const route of held) await route.abort().catch(() => undefined);

  // The token trade on start brings the server's settings, still German: they must not undo the
  // choice, which is sent now.
  await traded;
  await expect(page.getByRole('navigation', { name: TEXT.en.mainNavigation })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(() => savedLanguage(request, token), { timeout: 30_000 }).toBe('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await signOut(page);
  await expectEnglishSignInPage(page);
});
