import { type APIRequestContext, expect, test } from '@playwright/test';
import { io } from 'socket.io-client';
import type { DeviceAck } from '../../contract/device';
import type { AlarmListItem } from '../../contract/schemas/alarm';
import { MAIN_URL } from '../../playwright.config';
import { adminHeaders, userIdOf } from './offline-support';
import { mailsTo } from './smtp-sink';
import { DEMO_ACCOUNTS, screenshots, signInByToken } from './support';

/**
 * Triage of many alarms (docs/alarms.md): an admin sees the alarms of one kind as one line with
 * their count and severity, opens it, acknowledges the whole group at once, and tests the alarm
 * chain from a lift page: a real test alarm whose mail arrives at the SMTP sink.
 */

/** "Unintended car movement": passengers may be trapped; no other spec raises it. */
const CODE = 124;
let imeiCounter = 0;

/** A new lift of the demo customer, served by the demo service man, whose controller raised CODE. */
async function liftWithTrappedFault(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const [customer, serviceMan] = await Promise.all([
    userIdOf(request, 'customer'),
    userIdOf(request, 'service_man'),
  ]);
  const imei = `38${String(Date.now()).slice(-11)}${String(++imeiCounter).padStart(2, '0')}`;
  const uid = `TRI-${imei.slice(-7)}`;
  const registered = await request.post('/api/lifts/register', {
    headers,
    data: {
      uid,
      address: 'Schachtgasse 4, 10115 Berlin',
      imei,
      customers: [customer],
      servicemen: [serviceMan],
    },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const lift = (await registered.json()) as { id: string; deviceKey: string };
  const device = io(`${MAIN_URL}/device`, { auth: { imei, key: lift.deviceKey }, transports: ['websocket'] });
  try {
    await new Promise<void>((resolve, reject) => {
      device.once('connect', () => resolve());
      device.once('connect_error', reject);
    });
    const ack = await new Promise<DeviceAck>((resolve, reject) =>
      device
        .timeout(10_000)
        .emit(
          'event',
          { seq: 1, ts: Date.now(), code: CODE, type: 'error', active: true, floor: 1 },
          (error: Error | null, answer: DeviceAck) => (error ? reject(error) : resolve(answer)),
        ),
    );
    expect(ack).toMatchObject({ ok: true });
  } finally {
    device.disconnect();
  }
  return { id: lift.id, uid };
}

async function alarmsOf(request: APIRequestContext, liftId: string) {
  const response = await request.get('/api/alarms', {
    headers: await adminHeaders(request),
    params: { liftId },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { alarms: AlarmListItem[] }).alarms;
}

test('an admin sees alarms of one kind grouped, acknowledges the group at once, and tests the alarm chain', async ({
  page,
  request,
}) => {
  const lifts = [];
  for (let i = 0; i < 3; i++) lifts.push(await liftWithTrappedFault(request));

  await signInByToken(page, request, 'admin');
  await page.goto('/apps/alarms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alarme');
  const group = page.locator(`[data-testid="alarm-group"][data-group="error:${CODE}"]`);
  const showGroup = async () => {
    // By its id: the label is German or English in the screenshots.
    await page.locator('#alarm-code').fill(String(CODE));
    await expect(group).toBeVisible();
  };
  await showGroup();
  // One line for the kind: its name, how many, its severity; the single alarms only when opened.
  await expect(group).toContainText(/Unbeabsichtigte Fahrkorbbewegung · \d+ Alarme/);
  await expect(group.locator('[data-severity="trapped"]')).toHaveText('Personen evtl. eingeschlossen');
  await expect(group.getByTestId('alarm-item')).toHaveCount(0);
  await group.getByRole('button', { name: 'Alarme zeigen' }).click();
  for (const lift of lifts) {
    const item = group.getByTestId('alarm-item').filter({ hasText: lift.uid });
    await expect(item).toContainText(/Offen seit \d+ Min\./);
  }
  await screenshots(page, 'alarms-grouped', async () => {
    await showGroup();
    await group.getByRole('button', { name: /Alarme zeigen|Show the alarms/ }).click();
    await expect(group.getByTestId('alarm-item').first()).toBeVisible();
  });
  await showGroup();

  // The whole group at once.
  await group.getByRole('button', { name: /^Alle \d+ quittieren$/ }).click();
  await expect(page.getByText(/^Alarme quittiert: \d+$/)).toBeVisible();
  await expect(group.getByRole('button', { name: /^Alle \d+ quittieren$/ })).toHaveCount(0);
  for (const lift of lifts) {
    const [alarm] = await alarmsOf(request, lift.id);
    expect(alarm).toMatchObject({ code: CODE, acknowledgedByName: expect.any(String), closedAt: null });
  }

  // "Test alarm" on the lift page: a real test alarm, told by mail like a real one.
  const [first] = lifts;
  if (!first) throw new Error('no lift');
  await page.goto(`/apps/lift/lifts/${first.id}`);
  await page.getByRole('button', { name: 'Befehle' }).click();
  await page.getByRole('menuitem', { name: 'Alarm testen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Testalarm ausgelöst' })).toBeVisible();
  const testItem = page.getByTestId('alarm-item').filter({ hasText: 'Testalarm' });
  await expect(testItem).toBeVisible();
  await expect(testItem.locator('[data-severity="test"]')).toHaveText('Test');
  const subject = `TEST – Alarm ${first.uid}: Testalarm`;
  await expect
    .poll(() => mailsTo(DEMO_ACCOUNTS.customer).some((mail) => mail.subject === subject))
    .toBe(true);

  await page.goto('/apps/alarms');
  await screenshots(page, 'alarms-test', async () => {
    await expect(page.locator('[data-testid="alarm-item"][data-severity="test"]').first()).toBeVisible();
  });
});
