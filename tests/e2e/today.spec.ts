import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import { io, type Socket } from 'socket.io-client';
import type { DeviceAck } from '../../contract/device';
import { MAIN_URL } from '../../playwright.config';
import { liftLink } from '../../server/modules/maintenance/stickers';
import { chromiumLaunchOptions } from '../../tools/chromium.mjs';
import { adminHeaders, userIdOf, waitForMirror, waitForServiceWorker } from './offline-support';
import { showIn, signInByToken, stopShowingIn } from './support';

/**
 * The service man's Today page and the sticker scanned in the app (docs/today.md): after one online
 * visit, offline, his list shows his lift's alarm and its due maintenance, and the sticker's QR code
 * held before Chromium's fake camera opens the lift's page.
 */

/** The fake camera's picture: a file Chromium reads when the camera starts, so a test writes it first. */
const CAMERA_FILE = resolve(`.tmp/today-camera-${new URL(MAIN_URL).port}.y4m`);
mkdirSync(resolve('.tmp'), { recursive: true });

const base = chromiumLaunchOptions();
test.use({
  launchOptions: {
    ...base,
    args: [
      ...base.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA_FILE}`,
    ],
  },
  permissions: ['camera'],
});
// One camera file for the whole spec: its tests take turns.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/**
 * The camera sees `text` as a QR code, black on white, in a Y4M video (4:2:0, grey: U and V 128):
 * the sticker's code as printed, without ffmpeg.
 */
function showToCamera(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const width = 640;
  const height = 480;
  const scale = Math.floor((height - 40) / (modules.size + 8));
  const side = modules.size * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const y = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let dy = 0; dy < scale; dy++)
        y.fill(
          0,
          (top + row * scale + dy) * width + left + column * scale,
          (top + row * scale + dy) * width + left + (column + 1) * scale,
        );
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const frames = 5;
  writeFileSync(
    CAMERA_FILE,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F${frames}:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: frames }, () => frame),
    ]),
  );
}

function emitWithAck(socket: Socket, event: string, payload: unknown): Promise<DeviceAck> {
  return new Promise((done, fail) =>
    socket
      .timeout(10_000)
      .emit(event, payload, (error: Error | null, ack: DeviceAck) => (error ? fail(error) : done(ack))),
  );
}

let imeiCounter = 0;

/**
 * A new lift of the demo customer served by `servicemen`: 321 trips since its first reading, against
 * a plan of one maintenance every 100 trips (overdue), and error 101 raised (an open alarm).
 */
async function dueLiftWithAlarm(request: APIRequestContext, servicemen: string[]) {
  const headers = await adminHeaders(request);
  const customer = await userIdOf(request, 'customer');
  const imei = `38${String(Date.now()).slice(-11)}${String(++imeiCounter).padStart(2, '0')}`;
  const uid = `TD-${imei.slice(-7)}`;
  const registered = await request.post('/api/lifts/register', {
    headers,
    data: { uid, address: 'Heutestraße 3, 10115 Berlin', imei, customers: [customer], servicemen },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const lift = (await registered.json()) as { id: string; deviceKey: string };
  const plan = await request.put(`/api/lifts/${lift.id}/maintenance-plan`, {
    headers,
    data: { everyTrips: 100, everyHours: null, everyMonths: null },
  });
  expect(plan.ok(), await plan.text()).toBeTruthy();

  const device = io(`${MAIN_URL}/device`, { auth: { imei, key: lift.deviceKey }, transports: ['websocket'] });
  try {
    await new Promise<void>((done, fail) => {
      device.once('connect', () => done());
      device.once('connect_error', fail);
    });
    const now = Date.now();
    for (const [event, payload] of [
      ['stats', { seq: 1, ts: now - 30 * 60_000, trips: 5000, operatingHours: 200 }],
      ['stats', { seq: 2, ts: now - 20 * 60_000, trips: 5321, operatingHours: 201 }],
      ['event', { seq: 3, ts: now - 10 * 60_000, code: 101, type: 'error', active: true, floor: 2 }],
    ] as const)
      expect(await emitWithAck(device, event, payload)).toMatchObject({ ok: true });
  } finally {
    device.disconnect();
  }
  return { id: lift.id, uid };
}

/** With SHOTS_DIR set: the page at 360 and 1280 px, in German and English, for a person to look at. */
async function screenshots(page: Page, name: string, path: string, ready: () => Promise<void>) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  test.setTimeout(300_000);
  for (const language of ['de', 'en'] as const) {
    await showIn(page, language);
    await page.evaluate((value) => localStorage.setItem('lift-portal.language', value), language);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await page.goto(path);
      await ready();
      await page.screenshot({ path: `${dir}/${name}-${language}-${width}.png`, fullPage: true });
    }
  }
  await stopShowingIn(page);
  await page.evaluate(() => localStorage.setItem('lift-portal.language', 'de'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  await ready();
}

test('after one online visit, offline: Today lists his alarm and due maintenance; the sticker opens the lift', async ({
  page,
  context,
  request,
}) => {
  const serviceMan = await userIdOf(request, 'service_man');
  const lift = await dueLiftWithAlarm(request, [serviceMan]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByToken(page, request, 'service_man');
  // His start page.
  await page.goto('/');
  await expect(page).toHaveURL('/apps/today');
  await waitForServiceWorker(page);
  await waitForMirror(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Heute');
  const rows = page.getByTestId('today-row').filter({ hasText: lift.uid });
  const alarm = rows.and(page.locator('[data-kind="alarm"]'));
  const maintenance = rows.and(page.locator('[data-kind="maintenance"]'));
  await expect(alarm).toContainText('Fehler 101');
  await expect(alarm).toContainText('Heutestraße 3');
  await expect(alarm).toContainText(/wartet seit/);
  await expect(maintenance).toContainText('Wartung');
  await expect(maintenance).toContainText('Überfällig');
  // The menu's badge counts what waits for him: at least these two.
  await page.getByRole('button', { name: /Navigation öffnen/ }).click();
  const entry = page.getByRole('dialog').getByRole('link', { name: /^Heute\s*,\s*\d+ offen$/ });
  await expect(entry).toBeVisible();
  const waiting = /(\d+) offen/.exec((await entry.getAttribute('aria-label')) ?? (await entry.innerText()));
  expect(Number(waiting?.[1])).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');

  // One tap to the lift's overview, where its alarm and maintenance are.
  await maintenance.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/apps/lift/lifts/${lift.id}#overview$`));
  await expect(page.getByRole('tab', { name: 'Übersicht' })).toHaveAttribute('aria-selected', 'true');

  // The sticker before the camera: Scan opens the lift's page, still offline.
  showToCamera(liftLink(MAIN_URL, lift.id));
  await page.goto('/apps/today');
  await expect(page.getByTestId('today-row').first()).toBeVisible();
  await page.getByRole('link', { name: 'Code eines Aufzugs scannen' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/lift/lifts/${lift.id}$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aufzug ${lift.uid}`);

  await screenshots(page, 'today', '/apps/today', async () => {
    await expect(page.getByTestId('today-row').first()).toBeVisible();
  });
});

test('a code of a lift he may not see, or of no lift, says so; the typed lift ID opens it', async ({
  page,
  request,
}) => {
  const serviceMan = await userIdOf(request, 'service_man');
  const mine = await dueLiftWithAlarm(request, [serviceMan]);
  const notMine = await dueLiftWithAlarm(request, []);
  await signInByToken(page, request, 'service_man');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/apps/today');
  await waitForMirror(page);

  showToCamera(liftLink(MAIN_URL, notMine.id));
  await page.getByRole('link', { name: 'Code eines Aufzugs scannen' }).click();
  await expect(page.getByTestId('scan-verdict')).toHaveText(
    'Dieser Aufzug gehört nicht zu den Aufzügen, die Sie sehen dürfen.',
    { timeout: 30_000 },
  );
  await expect(page).toHaveURL('/apps/scan');

  showToCamera('https://example.com/menu');
  await page.reload();
  await expect(page.getByTestId('scan-verdict')).toHaveText('Das ist nicht der Code eines Aufzugs.', {
    timeout: 30_000,
  });
  await screenshots(page, 'scan', '/apps/scan', async () => {
    await expect(page.getByTestId('scan-verdict')).toBeVisible({ timeout: 30_000 });
  });

  await page.getByLabel('Aufzugs-ID (auf dem Aufkleber)').fill(notMine.uid);
  await page.getByRole('button', { name: 'Öffnen', exact: true }).click();
  await expect(page.getByTestId('scan-verdict')).toHaveText('Kein Aufzug von Ihnen hat diese ID.');
  await page.getByLabel('Aufzugs-ID (auf dem Aufkleber)').fill(mine.uid.toLowerCase());
  await page.getByRole('button', { name: 'Öffnen', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aufzug ${mine.uid}`);
});

test('customers have neither the Today page nor its menu entry', async ({ page, request }) => {
  await signInByToken(page, request, 'customer');
  await page.goto('/apps/today');
  await expect(page).toHaveURL('/apps/dashboards/my-devices');
  await expect(page.getByRole('link', { name: 'Heute' })).toHaveCount(0);
});

test('an admin sees the Today list of the service man he chooses', async ({ page, request }) => {
  const serviceMan = await userIdOf(request, 'service_man');
  const lift = await dueLiftWithAlarm(request, [serviceMan]);
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/today');
  await waitForMirror(page);
  await page.getByLabel('Servicetechniker').selectOption(serviceMan);
  await expect(page.getByTestId('today-row').filter({ hasText: lift.uid }).first()).toBeVisible();
});
