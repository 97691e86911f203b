import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import type { DeviceAck } from '../../contract/device';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInByToken } from './support';

/**
 * Analytics (docs/analytics.md): a controller's readings reach the roll-ups through the ingest, the
 * screen shows them with a chart and a table, and each view exports as CSV and XLSX.
 */

function emitWithAck(socket: Socket, event: string, payload: unknown): Promise<DeviceAck> {
  return new Promise((resolve, reject) => {
    socket
      .timeout(10_000)
      .emit(event, payload, (error: Error | null, ack: DeviceAck) => (error ? reject(error) : resolve(ack)));
  });
}

test('a controller’s trips and fault show in the customer’s analytics, and the view exports', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const signIn = await request.post('/api/users/authenticate', {
    data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  const headers = {
    Authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}`,
  };
  const customers = await request.get('/api/users', { headers, params: { role: 'customer', pageSize: 100 } });
  const customer = ((await customers.json()) as { users: { id: string; email: string }[] }).users.find(
    (user) => user.email === DEMO_ACCOUNTS.customer,
  );
  const imei = `36${String(Date.now()).slice(-13)}`.padEnd(15, '0');
  const uid = `AN-${imei.slice(-6)}`;
  const registered = await request.post('/api/lifts/register', {
    headers,
    data: { uid, address: 'Analyseweg 7, 10115 Berlin', imei, customers: [customer?.id] },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const lift = (await registered.json()) as { id: string; deviceKey: string };

  const device = io(`${baseURL}/device`, { auth: { imei, key: lift.deviceKey }, transports: ['websocket'] });
  try {
    await new Promise<void>((resolve, reject) => {
      device.once('connect', () => resolve());
      device.once('connect_error', reject);
    });
    const now = Date.now();
    const send = async (event: string, payload: object) =>
      expect(await emitWithAck(device, event, payload)).toMatchObject({ ok: true });
    await send('stats', { seq: 1, ts: now - 30 * 60_000, trips: 5000, operatingHours: 200 });
    await send('stats', { seq: 2, ts: now - 20 * 60_000, trips: 5321, operatingHours: 201 });
    await send('event', { seq: 3, ts: now - 15 * 60_000, code: 101, type: 'error', active: true, floor: 1 });
    await send('event', { seq: 4, ts: now - 5 * 60_000, code: 101, type: 'error', active: false, floor: 1 });
  } finally {
    device.close();
  }

  await signInByToken(page, request, 'customer');
  await page.goto('/apps/dashboards/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analysen' })).toBeVisible();
  await expect(page.getByLabel('Zeitraum')).toHaveValue('7D');
  // The lift with its one fault (10 minutes to repair) among the lifts with the most faults.
  const ranking = page.getByRole('table', { name: 'Aufzüge mit den meisten Störungen' });
  const row = ranking.getByRole('row').filter({ hasText: uid });
  await expect(row).toBeVisible();
  await expect(row).toContainText('321');
  await expect(
    page
      .getByRole('table', { name: 'Häufigste Fehlercodes' })
      .getByRole('row')
      .filter({ hasText: 'Türzonenfehler' }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Fahrten, Betriebsstunden und Störungen im Zeitverlauf' }),
  ).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();

  // Today in hours, and the comparison weeks.
  await page.getByLabel('Zeitraum').selectOption('TW');
  await expect(page.getByText(/Diese Woche, Zeiten in Europe\/Berlin/)).toBeVisible();
  await page.getByLabel('Zeitraum').selectOption('7D');
  await expect(row).toBeVisible();

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV' }).click(),
  ]);
  const csvText = await readFile((await csv.path()) ?? '', 'utf8');
  expect(csvText).toContain('Kennzahlen');
  expect(csvText).toContain(uid);
  // German Excel reads columns split by ";" with translated headings.
  expect(csvText).toContain('\r\nKennzahl;Dieser Zeitraum;Zeitraum davor\r\n');
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'XLSX' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^analytics-7D-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = await readFile((await xlsx.path()) ?? '');
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});
