import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Role } from '../../contract/roles';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, screenshots, signInByToken } from './support';

/**
 * A lift's controller parameters read as a lift engineer names them: labels and units in the
 * user's language instead of firmware keys, numbers with the language's decimal mark.
 */
/** A demo lift the role sees: seeded with real parameters, unlike lifts other tests register. */
async function demoLiftOf(request: APIRequestContext, role: Role) {
  const signedIn = await request.post('/api/users/authenticate', {
    data: { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD },
  });
  const { access_token } = (await signedIn.json()) as { access_token: string };
  const answer = await request.get('/api/lifts', {
    headers: { Authorization: `Bearer ${access_token}` },
    params: { pageSize: 1, search: 'AZ-1' },
  });
  expect(answer.ok()).toBeTruthy();
  const [lift] = ((await answer.json()) as { lifts: { id: string }[] }).lifts;
  expect(lift).toBeTruthy();
  return lift?.id ?? '';
}

test('an admin edits parameters by their names and units, with a decimal comma in German', async ({
  page,
  request,
}) => {
  const id = await demoLiftOf(request, 'admin');
  await signInByToken(page, request, 'admin');
  await page.goto(`/apps/lift/lifts/${id}`);
  await page.getByRole('tab', { name: 'Parameter' }).click();

  // The demo's doors open in 2.5 s: written as German writes it, under its name and unit.
  await expect(page.getByLabel('Türöffnungszeit (s)')).toHaveValue('2,5');
  await expect(page.getByLabel('Nenngeschwindigkeit (m/s)')).toBeVisible();
  await expect(page.getByLabel('Nachregulierung')).toBeChecked();
  await expect(page.getByText('tueroeffnungszeit')).toHaveCount(0);

  // A slip is told on its field, and nothing is sent.
  await page.getByLabel('Nennlast (kg)').fill('viel');
  await page.getByRole('button', { name: 'An die Steuerung senden' }).click();
  await expect(page.locator('#param-general-nennlast-error')).toHaveText('Ungültiger Wert');
  await expect(page.getByLabel('Nennlast (kg)')).toHaveAttribute('aria-invalid', 'true');

  await screenshots(page, 'parameters', async (p) => {
    await p.getByRole('tab', { name: /Parameter/ }).click();
    await expect(p.getByLabel(/Türöffnungszeit|Door opening time/)).toBeVisible();
  });
});

test('a service man reads the parameters with units, yes and no, in his language', async ({
  page,
  request,
}) => {
  const id = await demoLiftOf(request, 'service_man');
  await signInByToken(page, request, 'service_man');
  await page.goto(`/apps/lift/lifts/${id}`);
  await page.getByRole('tab', { name: 'Parameter' }).click();
  const door = page.locator('dl').filter({ hasText: 'Türöffnungszeit' });
  await expect(door.getByText('2,5 s', { exact: true })).toBeVisible();
  await expect(door.getByText('Lichtgitter aktiv', { exact: true })).toBeVisible();
  await expect(door.getByText('Ja', { exact: true })).toBeVisible();
  // Speeds with the two decimals of contract/parameters.ts, the decimal comma of German.
  const general = page.locator('dl').filter({ hasText: 'Nenngeschwindigkeit' });
  await expect(general.getByText(/^\d+,\d\d m\/s$/)).toBeVisible();
});
