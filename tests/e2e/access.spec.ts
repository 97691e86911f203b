import { expect, test } from '@playwright/test';
import type { Role } from '../../contract/roles';
import { LANDING_PATH, landingPathOf, signInByToken, signInWithForm } from './support';

const ROLES: Role[] = ['dev', 'admin', 'customer_admin', 'customer', 'service_man'];

/** The stricter of route and menu rule (docs/access.md) for one page per rule. */
const PROTECTED: { path: string; allowed: Role[] }[] = [
  { path: '/apps/logs', allowed: ['dev'] },
  { path: '/apps/users/users', allowed: ['dev', 'admin'] },
  { path: '/apps/servicers/servicers', allowed: ['dev', 'admin', 'customer_admin', 'customer'] },
  { path: '/apps/lift/lifts', allowed: ROLES },
  // Service men and staff, never customers (docs/today.md).
  { path: '/apps/today', allowed: ['dev', 'admin', 'service_man'] },
];

test.describe('a guest', () => {
  test('is sent to the login page and, after signing in, to the page asked for', async ({ page }) => {
    await page.goto('/apps/lift/lifts');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signInWithForm(page, 'customer');
    await expect(page).toHaveURL('/apps/lift/lifts');
  });

  test('reaches the guest-only pages', async ({ page }) => {
    for (const path of ['/login', '/forgot-password']) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
    }
  });

  test('goes from / to the login page and then to the landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    await signInWithForm(page, 'service_man');
    await expect(page).toHaveURL(landingPathOf('service_man'));
  });

  test('is not sent to another site by a crafted redirect', async ({ page }) => {
    await page.goto('/login?redirect=https%3A%2F%2Fevil.example.com%2F');
    await signInWithForm(page, 'customer');
    await expect(page).toHaveURL(LANDING_PATH);
  });
});

for (const role of ROLES) {
  test.describe(`signed in as ${role}`, () => {
    test.beforeEach(async ({ page, request }) => {
      await signInByToken(page, request, role);
    });

    test('a guest-only page sends it to the landing page', async ({ page }) => {
      await page.goto('/login');
      await expect(page).toHaveURL(landingPathOf(role));
      await page.goto('/forgot-password');
      await expect(page).toHaveURL(landingPathOf(role));
    });

    test('protected pages open only with the role', async ({ page }) => {
      // Eight full page loads, each starting the user's first offline sync: slow on a busy machine.
      test.slow();
      for (const { path, allowed } of PROTECTED) {
        await page.goto(LANDING_PATH);
        await expect(page.getByRole('main')).toBeVisible();
        await page.goto(path);
        if (allowed.includes(role)) {
          await expect(page).toHaveURL(path);
        } else {
          // A full page load has no page to go back to: home, which is the role's landing.
          await expect(page).toHaveURL(landingPathOf(role));
        }
      }
    });
  });
}

test('a signed-in user without the role goes back to the page he came from', async ({ page, request }) => {
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/errors');
  await expect(page.getByRole('main')).toBeVisible();
  // A client-side navigation, as a link or a typed path inside the app would make.
  await page.evaluate(() => {
    history.pushState({}, '', '/apps/simcard/sims');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL('/apps/errors');
});

test('redirect routes lead to their lists', async ({ page, request }) => {
  await signInByToken(page, request, 'admin');
  const redirects = {
    '/': LANDING_PATH,
    '/apps/lift': '/apps/lift/lifts',
    // The SIM list needs a SIM session first: its sign-in page, which leads back to the list.
    '/apps/simcard': '/apps/simcard/sims-login?redirect=%2Fapps%2Fsimcard%2Fsims',
    '/apps/projects': '/apps/projects/projects',
  };
  for (const [from, to] of Object.entries(redirects)) {
    await page.goto(from);
    await expect(page).toHaveURL(to);
  }
});

test('unknown paths show the 404 page, and the 500 page exists', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/errors/error-404');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
  await page.goto('/errors/error-500');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('500');
});
