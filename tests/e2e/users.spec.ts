import { expect, test } from '@playwright/test';
import { signInByToken } from './support';

test('an admin lists users and narrows the list by search', async ({ page, request }) => {
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/users/users');
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: 'customer@demo.local' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'service@demo.local' })).toBeVisible();

  await page.getByLabel('Benutzer suchen').fill('service@demo');
  await expect(table.getByRole('cell', { name: 'service@demo.local' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'customer@demo.local' })).toHaveCount(0);
});

test('a failed user call warns with the server message; its field error stays on the field', async ({
  page,
  request,
}) => {
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/users/user');
  await page.getByLabel('E-Mail', { exact: true }).fill('customer@demo.local');
  await page.getByLabel('Anzeigename').fill('Doppelter Kunde');
  await page.getByRole('button', { name: 'Speichern' }).click();
  // docs/spec-texts.md#messages-toasts-and-error-pages: a warning toast with the server's message, translated.
  const toast = page.locator('[data-scope=toast][data-part=root]', { hasText: 'Die Anfrage ist ungültig' });
  await expect(toast).toHaveAttribute('data-type', 'warning');
  await expect(page.getByText('Es gibt bereits einen Benutzer mit dieser E-Mail')).toBeVisible();
  // docs/spec-texts.md#constants: gone after 2 s.
  await expect(toast).toHaveCount(0, { timeout: 5000 });

  // A failed list call warns too (routed on the context: the service worker fetches the list).
  await page.context().route(
    (url) => url.pathname === '/api/users',
    (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: '{"message":"You are not allowed to do this"}',
      }),
  );
  const listWarning = page.locator('[data-scope=toast][data-part=root][data-type=warning]', {
    hasText: 'Dazu sind Sie nicht berechtigt',
  });
  // Watched from before the page loads: the toast lasts 2 s.
  const warned = expect(listWarning).toBeVisible({ timeout: 15_000 });
  await page.goto('/apps/users/users');
  await warned;
});
