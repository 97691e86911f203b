import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { screenshots, signInByToken } from './support';

/**
 * The tableau library and editor (docs/tableau.md): an admin builds a folder, an article with two
 * part images, and a COP template from them in the Konva editor; the layout and the bill of
 * materials survive a reload. A second test measures the editor's frame rate while dragging on a
 * panel with 200 elements.
 */

const partPng = (colour: string) =>
  sharp({ create: { width: 240, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Drops files on an element as a browser does when several are dragged from the desktop. */
async function dropFiles(page: Page, testId: string, files: { name: string; base64: string }[]) {
  await page.getByTestId(testId).evaluate((target, list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: 'image/png' }));
    }
    target.dispatchEvent(
      new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }),
    );
    target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, files);
}

interface Geometry {
  x: number;
  y: number;
  width: number;
  height: number;
}
async function selectedGeometry(page: Page): Promise<Geometry> {
  const text = (await page.getByTestId('selected-geometry').textContent()) ?? '';
  const match = /x (-?[\d.]+) · y (-?[\d.]+) · ([\d.]+) × ([\d.]+) mm/.exec(text);
  if (!match) throw new Error(`no geometry in ${text}`);
  return { x: Number(match[1]), y: Number(match[2]), width: Number(match[3]), height: Number(match[4]) };
}

/** The canvas's position and its pixels per millimetre (the panel is 300 mm wide). */
async function canvasFrame(page: Page, panelWidthMm: number) {
  const box = await page.getByTestId('editor-canvas').locator('.konvajs-content').boundingBox();
  if (!box) throw new Error('no canvas');
  return { ...box, scale: box.width / panelWidthMm };
}

test('an admin builds a COP template from his own parts; layout and bill of materials survive a reload', async ({
  page,
  request,
}) => {
  test.slow();
  // Names of this attempt: a retry on the same server must not meet the first attempt's folder.
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/tableau/private');
  await expect(page.getByRole('heading', { name: 'Meine Ordner' })).toBeVisible();

  // A folder and an article.
  await page.getByRole('button', { name: 'Neuer Ordner' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(`E2E Linie ${run}`);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`E2E Linie ${run}`) })).toBeVisible();
  await page.getByRole('button', { name: 'Neuer Artikel' }).click();
  await dialog.getByLabel('Name').fill('E2E Taster');
  await dialog.getByLabel('Artikelnummer').fill(`E2E-${run}`);
  await dialog.getByLabel('Preis (EUR)').fill('12,50');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('cell', { name: `E2E-${run}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: '12,50 €' })).toBeVisible();

  // Two part images dropped at once.
  await dropFiles(page, 'resource-dropzone', [
    { name: 'taster-blau.png', base64: (await partPng('#1a73e8')).toString('base64') },
    { name: 'taster-rot.png', base64: (await partPng('#d93025')).toString('base64') },
  ]);
  await expect(page.getByTestId('resource-card')).toHaveCount(2);

  // A new COP template, opened in the editor. The type tabs are drawn as tabs even when no lift
  // page came first (their recipe loads with either screen): apart, not one run of text.
  await page.goto('/apps/tableau/templates');
  await expect(page.getByRole('tab', { name: 'Kabinentableaus (COP)' })).not.toHaveCSS('padding-left', '0px');
  await page.getByRole('button', { name: 'Neue Vorlage' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(`E2E COP ${run}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Anlegen' }).click();
  await expect(page).toHaveURL(/\/apps\/tableau\/editor\//);
  // The editor's chunk (Konva) loads on first use: slow on a busy machine.
  await expect(page.getByRole('heading', { name: `E2E COP ${run}` })).toBeVisible({ timeout: 20_000 });
  // The tall panel (300 × 1200 mm) is drawn large enough to work on without zooming, as wide as
  // its box allows (at least 1.2 px a millimetre) and no wider; its box scrolls down instead.
  const fitted = await canvasFrame(page, 300);
  expect(fitted.scale).toBeGreaterThanOrEqual(1.2);
  const canvasBox = await page.getByTestId('editor-canvas').evaluate((box) => ({
    scrollWidth: box.scrollWidth,
    clientWidth: box.clientWidth,
  }));
  expect(canvasBox.scrollWidth).toBeLessThanOrEqual(canvasBox.clientWidth);

  // Both images dragged from the library onto the panel.
  await page.getByRole('searchbox', { name: 'Namen und Artikelnummern durchsuchen' }).fill(`E2E-${run}`);
  const items = page.getByTestId('palette-item');
  await expect(items).toHaveCount(2);
  const canvas = page.getByTestId('editor-canvas').locator('.konvajs-content');
  const frame = await canvasFrame(page, 300);
  await items.nth(0).dragTo(canvas, { targetPosition: { x: 100 * frame.scale, y: 200 * frame.scale } });
  await expect(page.getByTestId('selected-geometry')).toBeVisible();
  await items.nth(1).dragTo(canvas, { targetPosition: { x: 200 * frame.scale, y: 200 * frame.scale } });
  const dropped = await selectedGeometry(page);
  // Dropped centred where it fell, on the millimetre grid, at its real size (24 × 24 mm).
  expect(dropped).toEqual({ x: 188, y: 188, width: 24, height: 24 });
  // A part dropped onto another lands beside it, not on top; Delete takes it away again.
  await items.nth(0).dragTo(canvas, { targetPosition: { x: 200 * frame.scale, y: 200 * frame.scale } });
  await expect(page.getByTestId('selected-geometry')).not.toHaveText(/x 188 · y 188/);
  const beside = await selectedGeometry(page);
  const apart =
    beside.x + beside.width <= dropped.x ||
    dropped.x + dropped.width <= beside.x ||
    beside.y + beside.height <= dropped.y ||
    dropped.y + dropped.height <= beside.y;
  expect(apart, JSON.stringify(beside)).toBe(true);
  await page.getByTestId('editor-canvas').focus();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('selected-geometry')).toHaveCount(0);
  const back = await canvasFrame(page, 300);
  await page.mouse.click(back.x + (dropped.x + 12) * back.scale, back.y + (dropped.y + 12) * back.scale);
  expect(await selectedGeometry(page)).toEqual(dropped);

  // Resized by the transformer's bottom right handle (the drag may have scrolled the page).
  const now = await canvasFrame(page, 300);
  const corner = {
    x: now.x + (dropped.x + dropped.width) * now.scale,
    y: now.y + (dropped.y + dropped.height) * now.scale,
  };
  await page.mouse.move(corner.x, corner.y);
  await page.mouse.down();
  await page.mouse.move(corner.x + 20 * now.scale, corner.y + 10 * now.scale, { steps: 8 });
  await page.mouse.up();
  const resized = await selectedGeometry(page);
  expect(resized.width).toBeGreaterThan(dropped.width + 10);
  expect(resized.height).toBeGreaterThan(dropped.height + 4);

  // Nudged by the keyboard, and an engraving.
  await page.getByTestId('editor-canvas').focus();
  await page.keyboard.press('ArrowRight');
  expect((await selectedGeometry(page)).x).toBe(resized.x + 1);
  await page.getByRole('button', { name: 'Text' }).click();
  await page.getByLabel('Gravurtext').fill('NOTRUF');
  await page.getByLabel('Gravurtext').press('Enter');

  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Vorlage gespeichert')).toBeVisible();
  await expect(page.getByTestId('bom-sum')).toHaveText('25,00 €');

  // The bill of materials as a CSV that German Excel splits into columns: UTF-8 with a byte order
  // mark, ";" between cells, decimal commas, German headings.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV', exact: true }).click(),
  ]);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const sheet = csv
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
  expect(sheet).toEqual([
    ['Artikelnr.', 'Artikel', 'Menge', 'Einzelpreis', 'Gesamt'],
    [`E2E-${run}`, 'E2E Taster', '2', '12,50', '25,00'],
    ['', 'Summe', '', '', '25,00'],
  ]);

  // After a reload: the same layout, the engraving, the bill of materials.
  const saved = await page.evaluate(
    async (url) => {
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
      });
      return (await response.json()) as {
        data: { elements: { kind: string; text?: string; width: number }[] };
      };
    },
    page.url().replace('/apps/tableau/editor/', '/api/templates/'),
  );
  expect(saved.data.elements.map((element) => element.kind)).toEqual(['resource', 'resource', 'text']);
  expect(saved.data.elements[2]?.text).toBe('NOTRUF');
  expect(saved.data.elements[1]?.width).toBe(resized.width);

  await page.reload();
  // The editor's chunk (Konva) loads on first use: slow on a busy machine.
  await expect(page.getByRole('heading', { name: `E2E COP ${run}` })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('bom-sum')).toHaveText('25,00 €');
  await expect(page.getByTestId('bom-table').getByRole('cell', { name: '2', exact: true })).toBeVisible();
  const after = await canvasFrame(page, 300);
  // The resized part: click inside it, away from the engraving.
  await page.mouse.click(
    after.x + (resized.x + 1 + 2) * after.scale,
    after.y + (resized.y + resized.height - 2) * after.scale,
  );
  expect(await selectedGeometry(page)).toEqual({ ...resized, x: resized.x + 1 });

  await screenshots(page, 'editor', async (p) => {
    await expect(p.getByRole('heading', { name: `E2E COP ${run}` })).toBeVisible({ timeout: 20_000 });
    await expect(p.getByTestId('bom-sum')).toBeVisible();
  });

  // The template list shows its preview.
  await page.goto('/apps/tableau/templates');
  await expect(page.getByRole('img', { name: `Vorschau von E2E COP ${run}` })).toBeVisible();
});

test('the editor keeps its frame rate while dragging on a panel with 200 elements', async ({
  page,
  request,
}) => {
  test.slow();
  const token = await signInByToken(page, request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const { resources } = (await (await request.get('/api/resources', { headers })).json()) as {
    resources: { id: string; subfolderId: string; widthMm: number; heightMm: number }[];
  };
  expect(resources.length).toBeGreaterThan(10);
  const elements = Array.from({ length: 200 }, (_, index) => {
    const resource = resources[index % resources.length];
    return {
      id: `e${index}`,
      kind: 'resource',
      resourceId: resource?.id,
      subfolderId: resource?.subfolderId,
      x: (index % 10) * 40,
      y: Math.floor(index / 10) * 55,
      width: 36,
      height: 36,
      rotation: 0,
    };
  });
  const created = await request.post('/api/templates/register', {
    headers,
    data: {
      name: 'Bench 200',
      type: 'COP',
      data: { version: 1, widthMm: 400, heightMm: 1100, background: '#c8ccd0', elements },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/apps/tableau/editor/${id}`);
  await expect(page.getByRole('heading', { name: 'Bench 200' })).toBeVisible({ timeout: 20_000 });
  const frame = await canvasFrame(page, 400);
  // Let the images load and the first frames settle.
  await page.waitForTimeout(1000);

  const startRecording = () =>
    page.evaluate(() => {
      const state = window as unknown as { frames: number[]; recording: boolean };
      state.frames = [];
      state.recording = true;
      const tick = (time: number) => {
        state.frames.push(time);
        if (state.recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  const stopRecording = async () => {
    const frames = await page.evaluate(() => {
      const state = window as unknown as { frames: number[]; recording: boolean };
      state.recording = false;
      return state.frames;
    });
    const intervals = frames.slice(1).map((time, index) => time - (frames[index] ?? time));
    const seconds = ((frames.at(-1) ?? 0) - (frames[0] ?? 0)) / 1000;
    const sorted = [...intervals].sort((a, b) => a - b);
    return {
      fps: (frames.length - 1) / seconds,
      seconds,
      median: sorted[Math.floor(sorted.length / 2)] ?? 0,
      p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      long: intervals.filter((interval) => interval > 25).length,
      count: intervals.length,
    };
  };
  // The same page idle, as the baseline of this machine (CI machines are shared and busy).
  await startRecording();
  await page.waitForTimeout(2000);
  const idle = await stopRecording();

  await startRecording();
  // Element e55 (row 5, column 5): dragged in a loop for about three seconds.
  const start = { x: frame.x + (5 * 40 + 18) * frame.scale, y: frame.y + (5 * 55 + 18) * frame.scale };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let step = 0; step < 180; step += 1) {
    const angle = (step / 180) * Math.PI * 4;
    await page.mouse.move(start.x + Math.cos(angle) * 120, start.y + Math.sin(angle) * 120);
  }
  await page.mouse.up();
  const drag = await stopRecording();
  const line = (name: string, r: typeof drag) =>
    `${name}: ${r.fps.toFixed(1)} fps over ${r.seconds.toFixed(2)} s, median frame ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${r.long} of ${r.count} frames over 25 ms`;
  // Reported, not asserted: the shared machine's load decides the figure (no timed assertions).
  test.info().annotations.push({
    type: 'figures',
    description: `tableau editor, 200 elements. ${line('idle', idle)}. ${line('drag', drag)}`,
  });
  // Frames were drawn in both phases (how many is the machine's business, not asserted).
  expect(idle.count).toBeGreaterThan(0);
  expect(drag.count).toBeGreaterThan(0);
  // The element moved: the drag reached the canvas.
  expect(await selectedGeometry(page)).not.toMatchObject({ x: 200, y: 275 });
});
