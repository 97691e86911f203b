import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import type { DeviceAck } from '../../contract/device';
import { MAIN_URL } from '../../playwright.config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support';

/** Helpers of the offline tests (offline.spec.ts, files.spec.ts): demo users, a lift with a fault, the mirror. */

export interface Message {
  id: string;
  liftId: string;
  code: number | null;
  version: number;
  notes: { title: string; notes: string; urls: string[] } | null;
  noteEntries: { id: string; authorId: string | null; text: string; urls: string[] }[];
}

export async function tokenOf(request: APIRequestContext, role: 'admin' | 'service_man') {
  const response = await request.post('/api/users/authenticate', {
    data: { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
}

export async function userIdOf(request: APIRequestContext, role: 'customer' | 'service_man') {
  const headers = await adminHeaders(request);
  const response = await request.get('/api/users', { headers, params: { role, pageSize: 100 } });
  expect(response.ok()).toBeTruthy();
  const user = ((await response.json()) as { users: { id: string; email: string }[] }).users.find(
    (candidate) => candidate.email === DEMO_ACCOUNTS[role],
  );
  expect(user).toBeTruthy();
  return user?.id ?? '';
}

let imeiCounter = 0;

/**
 * A new lift of the demo customer, assigned to the service man, whose controller raised error 101;
 * with `clearedAfterMinutes`, raised that long ago and cleared now (one incident).
 */
export async function liftWithError(
  request: APIRequestContext,
  { clearedAfterMinutes }: { clearedAfterMinutes?: number } = {},
) {
  const headers = await adminHeaders(request);
  const [customer, serviceMan] = await Promise.all([
    userIdOf(request, 'customer'),
    userIdOf(request, 'service_man'),
  ]);
  const imei = `37${String(Date.now()).slice(-11)}${String(++imeiCounter).padStart(2, '0')}`;
  const uid = `OFF-${imei.slice(-7)}`;
  const registered = await request.post('/api/lifts/register', {
    headers,
    data: {
      uid,
      address: 'Kellerweg 1, 10115 Berlin',
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
      device.timeout(10_000).emit(
        'event',
        {
          seq: 1,
          ts: Date.now() - (clearedAfterMinutes ?? 0) * 60_000,
          code: 101,
          type: 'error',
          active: true,
          floor: 2,
        },
        (error: Error | null, answer: DeviceAck) => (error ? reject(error) : resolve(answer)),
      ),
    );
    expect(ack).toMatchObject({ ok: true });
    if (clearedAfterMinutes !== undefined) {
      const cleared = await new Promise<DeviceAck>((resolve, reject) =>
        device
          .timeout(10_000)
          .emit(
            'event',
            { seq: 2, ts: Date.now(), code: 101, type: 'error', active: false, floor: 2 },
            (error: Error | null, answer: DeviceAck) => (error ? reject(error) : resolve(answer)),
          ),
      );
      expect(cleared).toMatchObject({ ok: true });
    }
  } finally {
    device.disconnect();
  }
  const message = await errorMessageOf(request, lift.id);
  return { id: lift.id, uid, serviceMan, message };
}

export async function errorMessageOf(request: APIRequestContext, liftId: string): Promise<Message> {
  const headers = await adminHeaders(request);
  const response = await request.get('/api/messages/getDetailedMsgs', {
    headers,
    params: { liftId, type: 'error', page: 1, pageSize: 10 },
  });
  expect(response.ok()).toBeTruthy();
  const [message] = ((await response.json()) as { messages: Message[] }).messages;
  expect(message).toBeTruthy();
  return message as Message;
}

/** After sign-in the first sync has finished: the screens read the mirror. */
export async function waitForMirror(page: Page) {
  await expect(page.getByTestId('sync-status')).not.toHaveAttribute('data-last-sync', '', {
    timeout: 20_000,
  });
}

/**
 * Holds the page's sync pulls until the returned function is called: screens read the API until
 * then, and the test can start what must survive the mirror taking over.
 */
export async function holdFirstSync(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/sync/pull**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * The service worker controls the page, so a reload works without the network. It takes control
 * once it has precached every chunk (~230 files), which takes over 20 s on a loaded machine.
 */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 60_000,
  });
}

/** Opens the notes of the lift's door zone fault (error 101) on its page, in German. */
export async function openFaultNotes(page: Page, liftId: string) {
  await page.goto(`/apps/lift/lifts/${liftId}`);
  const tab = page.getByRole('tab', { name: 'Fehler und Infos' });
  // The storage notice may appear above the page while the click lands and push the tabs down
  // (a CI run lost the click so): clicked again until the tab is the selected one.
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  // A table on a desktop, a list of cards on a phone: the same name either way.
  const recent = { name: 'Letzte Fehler und Infos' };
  const row = page
    .getByRole('table', recent)
    .getByRole('row')
    .or(page.getByRole('list', recent).getByRole('listitem'))
    .filter({ hasText: 'Türzonenfehler' });
  await row.getByRole('button').click();
  return page.getByRole('dialog');
}
