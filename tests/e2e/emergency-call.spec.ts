import { expect, test } from '@playwright/test';
import { io } from 'socket.io-client';
import { type DeviceAck, EMERGENCY_CALL_CODES } from '../../contract/device';
import { mailsTo } from './smtp-sink';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, screenshots, signInByToken } from './support';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Passengers trapped (docs/alarms.md#emergency-call): the controller's emergency call, sent over the
 * device socket, comes first on the service man's alarms page in its own style, and its mail
 * reaches him at the SMTP server whatever his notification preference. A failed line test on the
 * same lift shows on the lift page.
 */
test('an emergency call shows first on the service man’s alarms page and its mail arrives', async ({
  page,
  request,
  baseURL,
}) => {
  const tokenOf = async (role: 'admin' | 'service_man') => {
    const response = await request.post('/api/users/authenticate', {
      data: { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD },
    });
    expect(response.status()).toBe(200);
    return (await response.json()) as { access_token: string; user: { id: string } };
  };
  const admin = await tokenOf('admin');
  const serviceMan = await tokenOf('service_man');
  const imei = `37${String(Date.now()).slice(-13)}`.padEnd(15, '0');
  const uid = `NOTRUF-${imei.slice(-6)}`;
  const adminHeaders = { Authorization: `Bearer ${admin.access_token}` };
  const customers = await request.get('/api/users', {
    headers: adminHeaders,
    params: { role: 'customer', pageSize: 100 },
  });
  const customer = ((await customers.json()) as { users: { id: string; email: string }[] }).users.find(
    (user) => user.email === DEMO_ACCOUNTS.customer,
  );
  expect(customer).toBeTruthy();
  const registered = await request.post('/api/lifts/register', {
    headers: adminHeaders,
    data: {
      uid,
      address: 'Notrufweg 1, 10115 Berlin',
      imei,
      customers: [customer?.id],
      servicemen: [serviceMan.user.id],
    },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const lift = (await registered.json()) as { id: string; deviceKey: string };

  const controller = io(`${baseURL}/device`, {
    auth: { imei, key: lift.deviceKey },
    transports: ['websocket'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      controller.once('connect', () => resolve());
      controller.once('connect_error', reject);
    });
    const send = (reading: object) =>
      new Promise<DeviceAck>((resolve, reject) =>
        controller
          .timeout(10_000)
          .emit('event', reading, (error: Error | null, answer: DeviceAck) =>
            error ? reject(error) : resolve(answer),
          ),
      );
    const at = Date.now();
    // A fault that may hold passengers too, then the line test failing, then the alarm button.
    expect(await send({ seq: 1, ts: at - 2000, code: 104, type: 'error', active: true })).toMatchObject({
      ok: true,
    });
    const { lineTest, call } = EMERGENCY_CALL_CODES;
    expect(
      await send({ seq: 2, ts: at - 1000, code: lineTest, type: 'info', active: true, result: 'failed' }),
    ).toMatchObject({ ok: true });
    expect(await send({ seq: 3, ts: at, code: call, type: 'info', active: true, floor: 0 })).toMatchObject({
      ok: true,
    });

    await signInByToken(page, request, 'service_man');
    await page.goto('/apps/alarms');
    const first = page.getByTestId('alarm-item').first();
    await expect(first).toContainText('Notruf: Personen eingeschlossen');
    await expect(first).toHaveAttribute('data-severity', 'emergencyCall');
    await expect(first.locator('[data-severity="emergencyCall"]')).toHaveText('Notruf');

    await expect
      .poll(() => mailsTo(DEMO_ACCOUNTS.service_man).find((m) => m.subject.includes(uid))?.subject ?? null, {
        timeout: 15_000,
        intervals: [200],
      })
      .toBe(`Alarm ${uid}: Notruf: Personen eingeschlossen`);

    await screenshots(page, 'emergency-call-alarms', async (shown) => {
      await expect(shown.getByTestId('alarm-item').first()).toHaveAttribute('data-severity', 'emergencyCall');
    });

    await page.goto(`/apps/lift/lifts/${lift.id}`);
    const lineTestLine = page.getByTestId('lift-line-test');
    await expect(lineTestLine).toContainText('Notruf-Testanruf');
    await expect(lineTestLine.locator('[data-result="failed"]')).toHaveText('Fehlgeschlagen');
    await screenshots(page, 'emergency-call-lift', async (shown) => {
      await expect(shown.getByTestId('lift-line-test')).toBeVisible();
    });
  } finally {
    controller.close();
  }
});
