import { expect, test } from '@playwright/test';
import type { EarlyWarning } from '../../contract/schemas/early-warning';
import { screenshots, signInByToken } from './support';

/**
 * Early warnings (docs/early-warnings.md): the demo lift AZ-10075 has stood still without a fault
 * since the day before yesterday; the evaluation runs at the server's start, and the customer's
 * lift page shows the reason and the chart, the lift list the mark.
 */
test('the lift page shows why a lift is unusual, with the chart of its series and band', async ({
  page,
  request,
}) => {
  const token = await signInByToken(page, request, 'customer');
  const headers = { Authorization: `Bearer ${token}` };
  // The job's first run starts with the server; wait until it has written the warnings.
  let warning: EarlyWarning | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/early-warnings', { headers });
        const { warnings } = (await answer.json()) as { warnings: EarlyWarning[] };
        warning = warnings.find((w) => w.uid === 'AZ-10075');
        return warning?.rule;
      },
      { timeout: 60_000 },
    )
    .toBe('standstill');

  // In either language: the card with its chart drawn.
  const open = async (p = page) => {
    await p.goto(`/apps/lift/lifts/${warning?.liftId}`);
    await expect(
      p.getByTestId('early-warning').getByTestId('early-warning-chart').locator('canvas'),
    ).toBeVisible();
  };
  await open();
  const card = page.getByTestId('early-warning');
  await expect(card.getByRole('heading', { name: 'Stillstand ohne Störung' })).toBeVisible();
  await expect(card.locator('.chakra-badge').getByText('Auffällig', { exact: true })).toBeVisible();
  await expect(card.getByText(/machte der Aufzug 0 Fahrten, an einem solchen Tag sonst/)).toBeVisible();

  // Online only: offline the section says that it shows what it loaded before.
  await page.context().setOffline(true);
  await expect(page.getByText('Offline: die Frühwarnungen wie zuletzt geladen.')).toBeVisible();
  if (process.env.SHOTS_DIR) {
    await page.screenshot({
      path: `${process.env.SHOTS_DIR}/lift-warning-offline-de-1280.png`,
      fullPage: true,
    });
  }
  await page.context().setOffline(false);

  await page.goto('/apps/lift/lifts');
  const row = page.getByRole('row').filter({ hasText: 'AZ-10075' });
  await expect(row.getByTestId('unusual-mark')).toBeVisible();
  await page.getByRole('button', { name: /Auffällige Aufzüge/ }).click();
  await expect(
    page.getByRole('list', { name: 'Auffällige Aufzüge' }).getByRole('link', { name: 'AZ-10075' }),
  ).toBeVisible();

  await screenshots(page, 'lift-warning', open);
  await screenshots(page, 'list-mark', async (p) => {
    await p.goto('/apps/lift/lifts');
    await expect(p.getByTestId('unusual-mark').first()).toBeVisible();
  });
});
