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
