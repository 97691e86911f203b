import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Role } from '../../contract/roles';
import { mailsTo } from './smtp-sink';

export const DEMO_ACCOUNTS: Record<Role, string> = {
  dev: 'dev@demo.local',
  admin: 'admin@demo.local',
  customer_admin: 'customeradmin@demo.local',
  customer: 'customer@demo.local',
  service_man: 'service@demo.local',
};
export const DEMO_PASSWORD = 'demo1234';

/** Where the browser keeps the access token (src/data/session/session/session.ts). */
export const TOKEN_STORAGE_KEY = 'access_token';

/** Signs in through the API and hands the token to the page before any script runs. */
export async function signInByToken(page: Page, request: APIRequestContext, role: Role, baseURL?: string) {
  const response = await request.post(`${baseURL ?? ''}/api/users/authenticate`, {
    data: { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  const { access_token } = (await response.json()) as { access_token: string };
  await page.addInitScript(
    ([key, token]) => {
      // Only on the first document: a later logout must not be undone by a reload.
      if (!sessionStorage.getItem('e2e-token-set')) {
        localStorage.setItem(key, token);
        sessionStorage.setItem('e2e-token-set', '1');
      }
    },
    [TOKEN_STORAGE_KEY, access_token] as const,
  );
  return access_token;
}

/**
 * Admins and devs open SIM management by confirming their password (a SIM session in the tab's
 * sessionStorage, src/features/sims/sim-session.ts), so the SIM list and a card are checked as
 * pages, not only their sign-in.
 */
export async function openSimSession(page: Page, request: APIRequestContext, token: string, role: Role) {
  if (role !== 'dev' && role !== 'admin') return;
  const response = await request.post('/api/sims/authenticate', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  const session = JSON.stringify(await response.json());
  await page.addInitScript((value) => sessionStorage.setItem('lift-portal.sim-session', value), session);
}

/** The path of the newest mailed link to `email` that contains `part`, once the mail has arrived. */
export async function mailedPath(email: string, part: string, count = 1): Promise<string> {
  await expect
    .poll(() => mailsTo(email).filter((mail) => mail.links.some((link) => link.includes(part))).length)
    .toBeGreaterThanOrEqual(count);
  const mails = mailsTo(email).filter((mail) => mail.links.some((link) => link.includes(part)));
  const link = mails.at(-1)?.links.find((candidate) => candidate.includes(part)) ?? '';
  return new URL(link).pathname;
}

/** Signs in through the login form, in German (the default language). */
export async function signInWithForm(page: Page, role: Role) {
  await page.getByLabel('E-Mail').fill(DEMO_ACCOUNTS[role]);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

export const LANDING_PATH = '/apps/dashboards/my-devices';
/** The service man lands on his Today list (docs/today.md), everyone else on LANDING_PATH. */
export const landingPathOf = (role: Role) => (role === 'service_man' ? '/apps/today' : LANDING_PATH);

/** Visible names the tests look for, German first (the default language). */
export const TEXT = {
  email: 'E-Mail',
  password: 'Passwort',
  login: 'Anmelden',
  forgotPassword: 'Passwort vergessen?',
  welcome: 'Kunden-Startseite!',
  minLength4: 'Mindestens 4 Zeichen',
  wrongCredentials: 'E-Mail oder Passwort falsch',
  tokenExpired: 'Token abgelaufen',
  failedTokenLogin: 'Anmeldung mit Token fehlgeschlagen.',
  invalidToken: 'Ungültiges Zugriffstoken (access_token)',
  languageMenu: 'Sprache',
  mainNavigation: 'Hauptnavigation',
  openNavigation: 'Navigation öffnen',
  userMenu: 'Benutzermenü',
  logout: 'Abmelden',
  horizontalLayout: 'Horizontales Layout',
  designEditor: 'Design-Editor',
  en: {
    password: 'Password',
    login: 'Login',
    mainNavigation: 'Main navigation',
    userMenu: 'User menu',
  },
};

/**
 * With SHOTS_DIR set: the page at 360 and 1280 px, in German and English, for a person to look
 * at; `open` brings the page to the state to show after each reload.
 */
export async function screenshots(page: Page, name: string, open: (page: Page) => Promise<void>) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  test.setTimeout(300_000);
  for (const language of ['de', 'en'] as const) {
    await showIn(page, language);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      await page.reload();
      await open(page);
      await page.screenshot({ path: `${dir}/${name}-${language}-${width}.png`, fullPage: true });
    }
  }
  await stopShowingIn(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.reload();
}

const TOKEN_SIGN_IN = '**/api/users/authenticatewithtoken';

/**
 * Shows the portal in `language` from the next sign-in on (a reload signs in again), without
 * saving it on the demo user: his saved language wins at sign-in, and other tests sign in as him
 * in German.
 */
export async function showIn(page: Page, language: 'de' | 'en') {
  await page.unroute(TOKEN_SIGN_IN);
  await page.route(TOKEN_SIGN_IN, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { user?: { settings?: Record<string, unknown> } };
    if (body.user) body.user.settings = { ...body.user.settings, language };
    await route.fulfill({ response, json: body });
  });
}

/** The user's saved language again at the next sign-in. */
export const stopShowingIn = (page: Page) => page.unroute(TOKEN_SIGN_IN);
