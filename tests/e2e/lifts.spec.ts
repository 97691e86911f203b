import { expect, test } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import type { DeviceAck } from '../../contract/device';
import { holdFirstSync, waitForMirror } from './offline-support';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInByToken } from './support';

async function tokenOf(request: import('@playwright/test').APIRequestContext, role: 'admin' | 'customer') {
  const response = await request.post('/api/users/authenticate', {
    data: { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function emitWithAck(socket: Socket, event: string, payload: unknown): Promise<DeviceAck> {
  return new Promise((resolve, reject) => {
    socket
      .timeout(10_000)
      .emit(event, payload, (error: Error | null, ack: DeviceAck) => (error ? reject(error) : resolve(ack)));
  });
}

test('the lift list narrows by search and a row opens the lift', async ({ page, request }) => {
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/lift/lifts');
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const firstUid = (await rows.first().getByRole('link').textContent())?.trim() ?? '';
  expect(firstUid).not.toBe('');
  const before = await rows.count();

  await page.getByLabel('Aufzüge durchsuchen').fill(firstUid);
  await expect(rows).toHaveCount(1);
  expect(before).toBeGreaterThanOrEqual(1);

  await rows.first().getByRole('link', { name: firstUid }).click();
  await expect(page).toHaveURL(/\/apps\/lift\/lifts\/[^/]+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aufzug ${firstUid}`);
  await expect(page.getByText('Betriebsstunden', { exact: true })).toBeVisible();
});

test('an edit begun before the first sync finished keeps its input when the mirror takes over', async ({
  page,
  request,
}) => {
  await signInByToken(page, request, 'admin');
  // The first sync waits until the edit is under way: the page reads the API until then.
  const releaseSync = await holdFirstSync(page);
  await page.goto('/apps/lift/lifts');
  await page.locator('tbody tr').first().getByRole('link').click();
  await page.getByRole('button', { name: 'Aufzug bearbeiten' }).click();
  const address = page.getByRole('dialog').getByLabel('Adresse');
  await address.fill('Hauptstraße 1, 10115 Berlin (nicht gespeichert)');

  releaseSync();
  await waitForMirror(page);
  // The page now reads the mirror; the dialog and what was typed are still there (nothing is saved).
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(address).toHaveValue('Hauptstraße 1, 10115 Berlin (nicht gespeichert)');
});

test("a lift's detail goes live while its controller sends", async ({ page, request, baseURL }) => {
  // As admin: a new lift for the demo customer, and its controller key.
  const adminToken = await tokenOf(request, 'admin');
  const headers = { Authorization: `Bearer ${adminToken}` };
  const customers = await request.get('/api/users', { headers, params: { role: 'customer', pageSize: 100 } });
  expect(customers.ok()).toBeTruthy();
  const customer = ((await customers.json()) as { users: { id: string; email: string }[] }).users.find(
    (user) => user.email === DEMO_ACCOUNTS.customer,
  );
  expect(customer).toBeTruthy();
  const imei = `35${String(Date.now()).slice(-13)}`.padEnd(15, '0');
  const uid = `E2E-${imei.slice(-6)}`;
  const registered = await request.post('/api/lifts/register', {
    headers,
    data: { uid, address: 'Teststraße 1, 10115 Berlin', imei, customers: [customer?.id] },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const lift = (await registered.json()) as { id: string; deviceKey: string };

  // The customer watches the lift.
  let lastPullAt = Date.now();
  page.on('request', (sent) => {
    if (sent.url().includes('/api/sync/pull')) lastPullAt = Date.now();
  });
  await signInByToken(page, request, 'customer');
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aufzug ${uid}`);
  await expect(page.getByTestId('lift-trips')).toHaveText('0');
  // Once the page has settled (the first sync finished, then no pull for 2 s), readings must come
  // in without a pull or refetch. networkidle alone came before the last pages on CI, and "no pull
  // for 2 s" alone before the first sync had even started on a loaded machine.
  await page.waitForLoadState('networkidle');
  await waitForMirror(page);
  await expect.poll(() => Date.now() - lastPullAt, { timeout: 60_000 }).toBeGreaterThan(2000);
  const refetches: string[] = [];
  page.on('request', (sent) => {
    if (/\/api\/(sync\/pull|messages)/.test(sent.url())) refetches.push(sent.url());
  });

  // A controller connects and sends readings.
  const device = io(`${baseURL}/device`, { auth: { imei, key: lift.deviceKey }, transports: ['websocket'] });
  try {
    await new Promise<void>((resolve, reject) => {
      device.once('connect', () => resolve());
      device.once('connect_error', reject);
    });
    const now = Date.now();
    expect(
      await emitWithAck(device, 'stats', { seq: 1, ts: now, trips: 1234, operatingHours: 56.5 }),
    ).toMatchObject({
      ok: true,
    });
    expect(
      await emitWithAck(device, 'event', {
        seq: 2,
        ts: now + 1000,
        code: 101,
        type: 'error',
        active: true,
        floor: 2,
      }),
    ).toMatchObject({ ok: true });

    // Without a reload: the new trips and the current error with its German name.
    await expect(page.getByTestId('lift-trips')).toHaveText('1.234');
    await expect(page.getByTestId('lift-current-error')).toContainText('101');
    await expect(page.getByTestId('lift-current-error')).toContainText('Türzonenfehler');
    await expect(page.getByText('Jetzt online')).toBeVisible();
    // The reading itself arrives as `lift:message` and shows in the list at once.
    await page.getByRole('tab', { name: 'Fehler und Infos' }).click();
    await expect(
      page
        .getByRole('table', { name: 'Letzte Fehler und Infos' })
        .getByRole('row')
        .filter({ hasText: 'Türzonenfehler' }),
    ).toBeVisible();
    expect(refetches).toEqual([]);
  } finally {
    device.disconnect();
  }
});

test('the error-code lookup shows the description as the user types', async ({ page, request }) => {
  await signInByToken(page, request, 'customer');
  await page.goto('/apps/errors');
  const field = page.getByLabel('Code oder Stichwort', { exact: true });
  await field.fill('101');
  await expect(page.getByTestId('code-match').first()).toContainText('Türzonenfehler');
  await field.fill('10');
  await expect(page.getByTestId('code-match').nth(1)).toBeVisible();
  await field.fill('99999');
  await expect(page.getByText('Keine Beschreibung passt zu „99999“.')).toBeVisible();
});

test('a customer watching a lift that an admin deletes is taken back to the list', async ({
  page,
  request,
}) => {
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const customers = await request.get('/api/users', { headers, params: { role: 'customer', pageSize: 100 } });
  const customer = ((await customers.json()) as { users: { id: string; email: string }[] }).users.find(
    (user) => user.email === DEMO_ACCOUNTS.customer,
  );
  const imei = `36${String(Date.now()).slice(-13)}`.padEnd(15, '0');
  const uid = `E2E-DEL-${imei.slice(-6)}`;
  const registered = await request.post('/api/lifts/register', {
    headers,
    data: { uid, address: 'Teststraße 2, 10115 Berlin', imei, customers: [customer?.id] },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const lift = (await registered.json()) as { id: string };

  await signInByToken(page, request, 'customer');
  // Live events reach only a connected socket: wait for its first `users` list before deleting.
  const socketReady = page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"users"')));
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aufzug ${uid}`);
  await socketReady;

  const removed = await request.post('/api/lifts/deleteByIds', { headers, data: { ids: [lift.id] } });
  expect(removed.ok()).toBeTruthy();
  await expect(page).toHaveURL('/apps/lift/lifts');
  await expect(
    page.getByText('Dieser Aufzug wurde entfernt oder ist Ihnen nicht mehr zugewiesen.'),
  ).toBeVisible();
});

/** A new lift of the demo customer whose controller is connected (the lift is online), with an open error. */
async function onlineLiftWithError(
  request: import('@playwright/test').APIRequestContext,
  baseURL: string | undefined,
) {
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const customers = await request.get('/api/users', { headers, params: { role: 'customer', pageSize: 100 } });
  const customer = ((await customers.json()) as { users: { id: string; email: string }[] }).users.find(
    (user) => user.email === DEMO_ACCOUNTS.customer,
  );
  const imei = `37${String(Date.now()).slice(-13)}`.padEnd(15, '0');
  const uid = `E2E-AS-OF-${imei.slice(-6)}`;
  const registered = await request.post('/api/lifts/register', {
    headers,
    data: { uid, address: 'Teststraße 3, 10115 Berlin', imei, customers: [customer?.id] },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const lift = (await registered.json()) as { id: string; deviceKey: string };
  const device = io(`${baseURL}/device`, { auth: { imei, key: lift.deviceKey }, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    device.once('connect', () => resolve());
    device.once('connect_error', reject);
  });
  const ack = await emitWithAck(device, 'event', {
    seq: 1,
    ts: Date.now(),
    code: 104,
    type: 'error',
    active: true,
    floor: 0,
  });
  expect(ack).toMatchObject({ ok: true });
  return { id: lift.id, uid, device };
}

test('offline, the lift detail and list say when the state was last known instead of "online now"', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const lift = await onlineLiftWithError(request, baseURL);
  try {
    await signInByToken(page, request, 'customer');
    await page.goto('/apps/lift/lifts');
    // The first sync has finished: offline, the screens read the mirror.
    await expect(page.getByTestId('sync-status')).not.toHaveAttribute('data-last-sync', '', {
      timeout: 20_000,
    });
    await page.getByLabel('Aufzüge durchsuchen').fill(lift.uid);
    const row = page.locator('tbody tr').filter({ hasText: lift.uid });
    // Live: the list and the detail say online, without a date.
    await expect(row.getByText('Online', { exact: true })).toBeVisible();
    await row.getByRole('link', { name: lift.uid }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aufzug ${lift.uid}`);
    await expect(page.getByText('Jetzt online')).toBeVisible();
    await expect(page.getByTestId('lift-state-as-of')).toHaveCount(0);

    await context.setOffline(true);
    const asOf = /^Stand \d{2}:\d{2}: online$/;
    await expect(page.getByText('Jetzt online')).toHaveCount(0);
    await expect(page.getByTestId('lift-state-as-of')).toHaveText(asOf);
    await expect(page.getByTestId('lift-state-line')).toHaveText(
      /^Keine Live-Verbindung: Stand \d{2}:\d{2}\.$/,
    );
    // The open error is still shown, and so is what it means.
    await expect(page.getByTestId('lift-current-error')).toContainText('Tür öffnet nicht');

    // Back to the list (the screen is loaded already): every state there is dated too.
    await page.goBack();
    await page.getByLabel('Aufzüge durchsuchen').fill(lift.uid);
    await expect(row.getByTestId('lift-state-as-of')).toHaveText(asOf);
    await expect(row.getByText('Online', { exact: true })).toHaveCount(0);

    // Online again (the socket reconnects): live, undated.
    await context.setOffline(false);
    await expect(row.getByText('Online', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(row.getByTestId('lift-state-as-of')).toHaveCount(0);
  } finally {
    lift.device.disconnect();
  }
});
