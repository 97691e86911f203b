import { expect, type Locator, test } from '@playwright/test';
import { screenshots, signInByToken } from './support';

/**
 * Screens as a phone and a desk show them: the users as cards on a phone, dialogs as tall as
 * their content.
 */

/** The height of one line of the element's text, from its computed style. */
const lineHeightOf = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node);
    const line = Number.parseFloat(style.lineHeight);
    return Number.isNaN(line) ? Number.parseFloat(style.fontSize) * 1.5 : line;
  });

test('on a phone, the users are cards whose addresses stay whole; a short dialog is as tall as its text', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/users/users');
  const card = page.getByTestId('user-card').filter({ hasText: 'customer@demo.local' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  // The address on one line (a table column left it a letter a line).
  const address = card.getByText('customer@demo.local');
  const box = await address.boundingBox();
  expect(box?.height ?? 0).toBeLessThan(1.5 * (await lineHeightOf(address)));

  // The delete question: sized to its text, with the page around it, not a full-screen sheet.
  await card.getByRole('checkbox').check();
  await page.getByRole('button', { name: /löschen/i }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  const sheet = await dialog.boundingBox();
  expect(sheet?.height ?? 740).toBeLessThan(740 / 2);
  expect(sheet?.x ?? 0).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);

  await screenshots(page, 'users', async (p) => {
    await expect(p.getByText('customer@demo.local')).toBeVisible();
  });
});

test('a long dialog on a phone scrolls inside, its buttons in view', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signInByToken(page, request, 'customer');
  await page.goto('/apps/projects/projects');
  await page.getByRole('button', { name: 'Angebot anfragen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Projektname')).toBeVisible();
  const sheet = await dialog.boundingBox();
  expect((sheet?.y ?? 0) + (sheet?.height ?? 0)).toBeLessThanOrEqual(640);
  await expect(dialog.getByRole('button', { name: 'Angebot anfragen' })).toBeInViewport();

  await screenshots(page, 'dialog', async (p) => {
    await p.getByRole('button', { name: /Angebot anfragen|Request an offer/ }).click();
    await expect(p.getByRole('dialog')).toBeVisible();
  });
});
