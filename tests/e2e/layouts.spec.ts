import { expect, type Locator, test } from '@playwright/test';
import { screenshots, signInByToken } from './support';

/**
 * Screens as a phone and a desk show them: the users as cards on a phone, dialogs as tall as
 * their content, the project board telling which of its columns are in view.
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

test('the project board says which of its columns are in view and brings the others', async ({
  page,
  request,
}) => {
  // Without smooth scrolling each press lands at once, so the test never reads a view mid-scroll.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInByToken(page, request, 'admin');
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/apps/projects/projects');
    const status = page.getByText(/^Spalten? \d+(–\d+)? von 8$/);
    const next = page.getByRole('button', { name: 'Nächste Spalten' });
    const previous = page.getByRole('button', { name: 'Vorherige Spalten' });
    await expect(status).toHaveText(/^Spalten? 1(–\d+)? von 8$/);
    await expect(previous).toBeDisabled();
    await expect(page.getByTestId('column-canceledOffer')).not.toBeInViewport({ ratio: 1 });

    // Each press shows at least one more column, until the last is in view.
    for (let press = 0; press < 8 && (await next.isEnabled()); press += 1) {
      const before = await status.textContent();
      await next.click();
      await expect(status).not.toHaveText(before ?? '');
    }
    await expect(next).toBeDisabled();
    await expect(status).toHaveText(/^(Spalten \d+–8|Spalte 8) von 8$/);
    await expect(page.getByTestId('column-canceledOffer')).toBeInViewport({ ratio: 1 });
    await previous.click();
    await expect(next).toBeEnabled();
  }
  await screenshots(page, 'board', async (p) => {
    await expect(p.getByTestId('column-offerRequested')).toBeVisible();
  });
});
