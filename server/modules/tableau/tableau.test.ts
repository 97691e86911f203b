import { crc32, inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import {
  type Bom,
  emptyLayout,
  type Folder,
  type Resource,
  type Subfolder,
  type Template,
  type TemplateLayout,
} from '../../../contract/schemas/tableau';
import { TABLEAU_MSG } from '../../../contract/tableau-messages';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { tableauTemplates } from '../../db/schema/tableau';
import { users } from '../../db/schema/users';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { createLiftFixtures } from '../lifts/lift-fixtures';
import { formData } from '../storage/storage-fixtures';

let t: TestApp;
/** Two admins: the demo admin and a colleague, each with his own private folders. */
const headers = {} as Record<'admin' | 'colleague' | 'customer', { authorization: string }>;
let colleagueId = '';

beforeAll(async () => {
  t = await createTestApp();
  headers.admin = await t.authHeaders('admin');
  headers.customer = await t.authHeaders('customer');
  const [colleague] = await t.database.handle.db
    .insert(users)
    .values({ email: 'colleague@tableau.test', status: 'active', role: 'admin', displayName: 'Colleague' })
    .returning();
  if (!colleague) throw new Error('colleague not created');
  colleagueId = colleague.id;
  headers.colleague = { authorization: `Bearer ${await t.app.accessTokens.signIn(colleague)}` };
});
afterAll(() => t.close());

type Who = keyof typeof headers;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers[who],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

async function folder(who: Who, body: object): Promise<Folder> {
  const response = await call(who, 'POST', '/api/folders/register', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Folder>();
}
async function article(who: Who, body: object): Promise<Subfolder> {
  const response = await call(who, 'POST', '/api/subfolders/register', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Subfolder>();
}
async function upload(
  who: Who,
  fields: Record<string, string>,
  content: Buffer,
  fileName = 'part.png',
  type = 'image/png',
) {
  const form = formData(fields, { fileName, type, content });
  return t.app.inject({
    method: 'POST',
    url: '/api/resources/register',
    headers: { ...headers[who], ...form.headers },
    payload: form.payload,
  });
}

/** The text a pdfkit sheet shows: its compressed content streams' hex strings, decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g)) {
      text += Buffer.from(hex[1] ?? '', 'hex').toString('latin1');
    }
    text += '\n';
  }
  return text;
}

describe('folders', () => {
  it('public folders are shared by every admin, private ones only their owner sees', async () => {
    const shared = await folder('admin', { name: 'Line A', userId: null, isPublic: true });
    const mine = await folder('admin', {
      name: 'My drafts',
      notes: 'n',
      user: (await t.signInAs('admin')).user.id,
    });
    expect(shared).toMatchObject({ isPublic: true, name: 'Line A' });
    expect(mine).toMatchObject({ isPublic: false, notes: 'n' });

    const colleagueList = (await call('colleague', 'GET', '/api/folders')).json<{ folders: Folder[] }>()
      .folders;
    expect(colleagueList.map((f) => f.id)).toContain(shared.id);
    expect(colleagueList.map((f) => f.id)).not.toContain(mine.id);
    expect((await call('colleague', 'GET', `/api/folders/${mine.id}`)).statusCode).toBe(404);
    expect((await call('colleague', 'PUT', `/api/folders/${mine.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call('colleague', 'DELETE', `/api/folders/${mine.id}`)).statusCode).toBe(404);

    // Every admin edits a public folder; only the owner changes whether it is public.
    const renamed = await call('colleague', 'PUT', `/api/folders/${shared.id}`, {
      name: 'Line A2',
      notes: 'x',
    });
    expect(renamed.json()).toMatchObject({ name: 'Line A2', notes: 'x', isPublic: true });
    const hidden = await call('colleague', 'PUT', `/api/folders/${shared.id}`, {
      name: 'Line A2',
      isPublic: false,
    });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json()).toMatchObject({ message: TABLEAU_MSG.folderNotYours });

    const privateOnly = (await call('admin', 'GET', '/api/folders?scope=private')).json<{
      folders: Folder[];
    }>();
    expect(privateOnly.folders.map((f) => f.id)).toEqual([mine.id]);
    const publicOnly = (await call('admin', 'GET', '/api/folders?scope=public')).json<{
      folders: Folder[];
    }>();
    expect(publicOnly.folders.every((f) => f.isPublic)).toBe(true);

    // A folder is not created in another admin's name.
    const colleagueId = (await call('colleague', 'GET', `/api/folders/${shared.id}`)).json<Folder>().userId;
    expect(colleagueId).not.toBeNull();
    const forged = await call('colleague', 'POST', '/api/folders/register', {
      name: 'Forged',
      userId: colleagueId,
      isPublic: false,
    });
    expect(forged.statusCode).toBe(403);
  });

  it('PUT takes the spec’s {name, notes, user} form: the owner names himself, nobody else', async () => {
    const adminId = (await t.signInAs('admin')).user.id;
    const mine = await folder('admin', { name: 'Spec form', notes: '', user: adminId });
    const updated = await call('admin', 'PUT', `/api/folders/${mine.id}`, {
      name: 'Spec form 2',
      notes: 'renamed',
      user: { id: adminId },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // The form without `isPublic` keeps whether the folder is public.
    expect(updated.json<Folder>()).toMatchObject({
      name: 'Spec form 2',
      notes: 'renamed',
      userId: adminId,
      isPublic: false,
    });
    const shared = await folder('admin', { name: 'Spec shared', isPublic: true });
    const named = await call('colleague', 'PUT', `/api/folders/${shared.id}`, {
      name: 'Taken over',
      notes: '',
      user: colleagueId,
    });
    expect(named.statusCode).toBe(403);
    expect((await call('admin', 'GET', `/api/folders/${shared.id}`)).json<Folder>()).toMatchObject({
      name: 'Spec shared',
      isPublic: true,
    });
  });

  it('is for admins and above only', async () => {
    expect((await call('customer', 'GET', '/api/folders')).statusCode).toBe(403);
    expect((await call('customer', 'GET', '/api/templates')).statusCode).toBe(403);
  });

  it('a folder that still holds articles is not deleted', async () => {
    const line = await folder('admin', { name: 'Line D', isPublic: true });
    const item = await article('admin', { folderId: line.id, name: 'Button', number: 'D-1', price: 100 });
    expect((await call('admin', 'GET', `/api/folders/${line.id}`)).json()).toMatchObject({
      subfolderCount: 1,
    });
    expect((await call('admin', 'GET', `/api/subfolders/${item.id}`)).json()).toMatchObject({
      resourceCount: 0,
    });
    const refused = await call('admin', 'DELETE', `/api/folders/${line.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: "The Folder can't delete" });
    const empty = await folder('admin', { name: 'Line E', isPublic: true });
    const batch = await call('admin', 'POST', '/api/folders/deleteByIds', { ids: [line.id, empty.id] });
    expect(batch.statusCode).toBe(409);
    // Nothing went: the empty one is still there.
    expect((await call('admin', 'GET', `/api/folders/${empty.id}`)).statusCode).toBe(200);

    expect(
      (await call('admin', 'POST', '/api/subfolders/deleteByIds', { ids: [item.id] })).json(),
    ).toMatchObject({
      count: 1,
    });
    const removed = await call('admin', 'DELETE', `/api/folders/${line.id}`);
    expect(removed.json()).toEqual({ message: MSG.deleted });
    expect(
      (await call('admin', 'POST', '/api/folders/deleteByIds', { ids: [empty.id] })).json(),
    ).toMatchObject({
      count: 1,
    });
    expect((await call('admin', 'DELETE', `/api/folders/${line.id}`)).statusCode).toBe(404);
  });
});

describe('subfolders (articles)', () => {
  it('takes prices as integer cents or a decimal text and answers both, never a float', async () => {
    const line = await folder('admin', { name: 'Prices', isPublic: true });
    expect(
      await article('admin', { folderId: line.id, name: 'A', number: 'P-1', price: 1250 }),
    ).toMatchObject({
      price: '12.50',
      priceCents: 1250,
    });
    expect(
      await article('admin', { folderId: line.id, name: 'B', number: 'P-2', price: '7,5' }),
    ).toMatchObject({
      price: '7.50',
      priceCents: 750,
    });
    expect(
      await article('admin', { folderId: line.id, name: 'C', number: 'P-3', price: '0.10' }),
    ).toMatchObject({
      priceCents: 10,
    });
    for (const price of [12.5, '12.505', '-1', 'abc', -5]) {
      const refused = await call('admin', 'POST', '/api/subfolders/register', {
        folderId: line.id,
        name: 'X',
        number: `P-bad-${String(price)}`,
        price,
      });
      expect(refused.statusCode, String(price)).toBe(400);
      expect(refused.json()).toMatchObject({ fieldErrors: { price: TABLEAU_MSG.priceInvalid } });
    }
  });

  it('keeps article numbers unique within a folder, moves articles, and searches names and numbers', async () => {
    const one = await folder('admin', { name: 'One', isPublic: true });
    const two = await folder('admin', { name: 'Two', isPublic: true });
    const a = await article('admin', {
      folderId: one.id,
      name: 'Floor button',
      number: 'FB-100',
      price: '3.00',
    });
    const taken = await call('admin', 'POST', '/api/subfolders/register', {
      folderId: one.id,
      name: 'Other',
      number: 'FB-100',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ fieldErrors: { number: TABLEAU_MSG.articleNumberTaken } });
    // The same number in another folder is fine.
    await article('admin', { folderId: two.id, name: 'Floor button', number: 'FB-100' });
    const b = await article('admin', { folderId: two.id, name: 'Key switch', number: 'KS-1' });

    const clash = await call('admin', 'PUT', `/api/subfolders/${a.id}`, {
      folderId: two.id,
      name: 'Floor button',
      number: 'FB-100',
    });
    expect(clash.statusCode).toBe(400);
    const moved = await call('admin', 'PUT', `/api/subfolders/${b.id}`, {
      folderId: one.id,
      name: 'Key switch',
      number: 'KS-1',
    });
    expect(moved.json()).toMatchObject({ folderId: one.id, priceCents: 0 });

    const found = await call('admin', 'GET', '/api/subfolders?search=ks-');
    expect(found.json<{ subfolders: Subfolder[] }>().subfolders.map((s) => s.id)).toEqual([b.id]);
    const byName = await call(
      'admin',
      'GET',
      `/api/subfolders?search=${encodeURIComponent('floor')}&folderId=${one.id}`,
    );
    expect(byName.json<{ subfolders: Subfolder[] }>().subfolders.map((s) => s.id)).toEqual([a.id]);
    expect((await call('admin', 'GET', `/api/subfolders/${a.id}`)).json()).toMatchObject({
      number: 'FB-100',
    });
  });

  it('articles of a private folder are their owner’s alone', async () => {
    const mine = await folder('admin', { name: 'Secret line', isPublic: false });
    const item = await article('admin', { folderId: mine.id, name: 'Secret part', number: 'S-1' });
    expect((await call('colleague', 'GET', `/api/subfolders/${item.id}`)).statusCode).toBe(404);
    const list = (await call('colleague', 'GET', '/api/subfolders?search=secret')).json<{
      subfolders: Subfolder[];
    }>();
    expect(list.subfolders).toEqual([]);
    const into = await call('colleague', 'POST', '/api/subfolders/register', {
      folderId: mine.id,
      name: 'Intruder',
      number: 'I-1',
    });
    expect(into.statusCode).toBe(404);
    expect(
      (await call('colleague', 'POST', '/api/subfolders/deleteByIds', { ids: [item.id] })).json(),
    ).toMatchObject({
      count: 0,
    });
  });
});

describe('resources (part images)', () => {
  it('stores an image with a thumbnail, answers its pixels and millimetres, and deletes it', async () => {
    const line = await folder('admin', { name: 'Images', isPublic: true });
    const item = await article('admin', { folderId: line.id, name: 'Display', number: 'DSP-1' });
    const stored = await upload(
      'admin',
      { subfolderId: item.id, widthMm: '40', heightMm: '20' },
      await png(400, 200),
      'display.png',
    );
    expect(stored.statusCode, stored.body).toBe(201);
    const resource = stored.json<Resource>();
    expect(resource).toMatchObject({
      subfolderId: item.id,
      name: 'display',
      contentType: 'image/png',
      width: 400,
      height: 200,
      widthMm: 40,
      heightMm: 20,
    });
    const image = await t.app.inject({ method: 'GET', url: resource.url });
    expect(image.statusCode).toBe(200);
    const thumbnail = await t.app.inject({ method: 'GET', url: resource.thumbnailUrl });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 256, height: 128 });

    // Without a size the image is taken at 10 pixels per millimetre.
    const second = (await upload('admin', { subfolderId: item.id }, await png(120, 60))).json<Resource>();
    expect(second).toMatchObject({ widthMm: 12, heightMm: 6 });

    const listed = await call('admin', 'GET', `/api/resources/getBySubfolderId?subfolderId=${item.id}`);
    expect(listed.json<{ resources: Resource[] }>().resources.map((r) => r.id)).toEqual([
      resource.id,
      second.id,
    ]);
    expect(
      (await call('admin', 'GET', '/api/resources')).json<{ resources: Resource[] }>().resources.length,
    ).toBeGreaterThanOrEqual(2);
    const renamed = await call('admin', 'PUT', `/api/resources/${resource.id}`, {
      name: 'Dot matrix',
      widthMm: 41.5,
    });
    expect(renamed.json()).toMatchObject({ name: 'Dot matrix', widthMm: 41.5, heightMm: 20 });
    expect((await call('admin', 'GET', `/api/resources/${resource.id}`)).json()).toMatchObject({
      name: 'Dot matrix',
    });

    const blobs = async () =>
      (await t.app.storage.listBlobs(SYSTEM_CONTAINERS.tableauResources))?.length ?? 0;
    const before = await blobs();
    const removed = await call('admin', 'POST', '/api/resources/deleteByIds', { ids: [resource.id] });
    expect(removed.json()).toMatchObject({ count: 1 });
    expect(await blobs()).toBe(before - 2);
    expect((await call('admin', 'GET', `/api/resources/${resource.id}`)).statusCode).toBe(404);
  });

  it('accepts JPEG and GIF images too, typed by their bytes', async () => {
    const line = await folder('admin', { name: 'Other types', isPublic: true });
    const item = await article('admin', { folderId: line.id, name: 'Arrow', number: 'AR-1' });
    const base = sharp({ create: { width: 80, height: 40, channels: 3, background: '#993366' } });
    for (const [content, fileName, contentType] of [
      [await base.clone().jpeg().toBuffer(), 'arrow.jpg', 'image/jpeg'],
      [await base.clone().gif().toBuffer(), 'arrow.gif', 'image/gif'],
    ] as const) {
      const stored = await upload('admin', { subfolderId: item.id }, content, fileName, contentType);
      expect(stored.statusCode, stored.body).toBe(201);
      const resource = stored.json<Resource>();
      expect(resource).toMatchObject({ contentType, width: 80, height: 40, widthMm: 8, heightMm: 4 });
      const image = await t.app.inject({ method: 'GET', url: resource.url });
      expect(image.statusCode).toBe(200);
      expect((await sharp(image.rawPayload).metadata()).format).toBe(
        contentType === 'image/jpeg' ? 'jpeg' : 'gif',
      );
      // A PNG thumbnail; an image smaller than 256 px is not enlarged.
      const thumbnail = await t.app.inject({ method: 'GET', url: resource.thumbnailUrl });
      expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'png', width: 80 });
    }
  });

  it('refuses a file that is not a JPEG, PNG or GIF by its bytes, whatever its name', async () => {
    const line = await folder('admin', { name: 'Wrong types', isPublic: true });
    const item = await article('admin', { folderId: line.id, name: 'Sign', number: 'SG-1' });
    for (const content of [
      Buffer.from('%PDF-1.4 not an image'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ]) {
      const refused = await upload('admin', { subfolderId: item.id }, content, 'sign.png');
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toMatchObject({ message: MSG.imageTypeInvalid });
    }
    // PNG magic bytes without a readable image behind them.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('junk'),
    ]);
    expect((await upload('admin', { subfolderId: item.id }, fake)).statusCode).toBe(415);
    const json = await call('admin', 'POST', '/api/resources/register', { subfolderId: item.id });
    expect(json.statusCode).toBe(415);
    const noFile = formData({ subfolderId: item.id });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/resources/register',
      headers: { ...headers.admin, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
  });

  it('a colleague neither sees nor adds images of a private article', async () => {
    const mine = await folder('admin', { name: 'Private images', isPublic: false });
    const item = await article('admin', { folderId: mine.id, name: 'Secret', number: 'PI-1' });
    const resource = (await upload('admin', { subfolderId: item.id }, await png(20, 20))).json<Resource>();
    expect((await upload('colleague', { subfolderId: item.id }, await png(20, 20))).statusCode).toBe(404);
    expect((await call('colleague', 'GET', `/api/resources/${resource.id}`)).statusCode).toBe(404);
    expect(
      (await call('colleague', 'GET', `/api/resources/getBySubfolderId?subfolderId=${item.id}`)).statusCode,
    ).toBe(404);
    const all = (await call('colleague', 'GET', '/api/resources')).json<{ resources: Resource[] }>()
      .resources;
    expect(all.map((r) => r.id)).not.toContain(resource.id);
    expect((await call('colleague', 'PUT', `/api/resources/${resource.id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      (await call('colleague', 'POST', '/api/resources/deleteByIds', { ids: [resource.id] })).json(),
    ).toMatchObject({ count: 0 });
  });
});

describe('templates', () => {
  const layoutOf = (elements: TemplateLayout['elements']): TemplateLayout => ({
    version: 1,
    widthMm: 300,
    heightMm: 1200,
    background: '#c8ccd0',
    elements,
  });

  it('validates the layout on write, keeps it, answers by type, and bills its articles', async () => {
    const line = await folder('admin', { name: 'Bill', isPublic: true });
    const button = await article('admin', {
      folderId: line.id,
      name: 'Push button',
      number: 'B-10',
      price: '12.40',
    });
    const display = await article('admin', {
      folderId: line.id,
      name: 'Display',
      number: 'D-20',
      price: 9999,
    });
    const image = (await upload('admin', { subfolderId: button.id }, await png(30, 30))).json<Resource>();
    const base = { rotation: 0, width: 30, height: 30 };
    const data = layoutOf([
      { id: 'e1', kind: 'resource', resourceId: image.id, subfolderId: button.id, x: 10, y: 10, ...base },
      {
        id: 'e2',
        kind: 'resource',
        resourceId: image.id,
        subfolderId: button.id,
        x: 10,
        y: 50,
        ...base,
        rotation: 90,
      },
      { id: 'e3', kind: 'resource', resourceId: image.id, subfolderId: button.id, x: 10, y: 90, ...base },
      {
        id: 'e4',
        kind: 'shape',
        shape: 'rect',
        fill: '#000000',
        stroke: '#ffffff',
        subfolderId: display.id,
        x: 50,
        y: 10,
        ...base,
      },
      {
        id: 'e5',
        kind: 'text',
        text: 'Notruf',
        fontSizeMm: 5,
        fill: '#111111',
        subfolderId: null,
        x: 50,
        y: 60,
        ...base,
      },
    ]);
    const created = await call('admin', 'POST', '/api/templates/register', {
      name: 'COP 1',
      description: 'd',
      type: 'COP',
      data,
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<Template>();
    expect(template.type).toBe('COP');
    // Saved without a preview: the portal drew one (see 'template previews' below).
    expect(template.previewUrl).toMatch(/^\/api\/storage\/tableau-previews\/.+-drawn\.png$/);
    expect((await call('colleague', 'GET', `/api/templates/${template.id}`)).json<Template>().data).toEqual(
      data,
    );

    const bom = (await call('admin', 'GET', `/api/templates/${template.id}/bom`)).json<Bom>();
    expect(bom.lines).toEqual([
      expect.objectContaining({
        number: 'B-10',
        quantity: 3,
        unitPrice: '12.40',
        total: '37.20',
        totalCents: 3720,
      }),
      expect.objectContaining({ number: 'D-20', quantity: 1, unitPriceCents: 9999, totalCents: 9999 }),
    ]);
    expect(bom).toMatchObject({ total: '137.19', totalCents: 13719, missing: 0 });
    // CSV in the user's language: German Excel splits on ";" and reads decimal commas.
    const csv = await call('admin', 'GET', `/api/templates/${template.id}/bom?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFArtikelnr.;Artikel;Menge;Einzelpreis;Gesamt\r\n')).toBe(true);
    expect(csv.body).toContain('B-10;Push button;3;12,40;37,20');
    expect(csv.body).toContain(';Summe;;;137,19');
    const english = await call('admin', 'GET', `/api/templates/${template.id}/bom?format=csv&lang=en`);
    expect(english.body.startsWith('\uFEFFArticle no.,Article,Quantity,Unit price,Total\r\n')).toBe(true);
    expect(english.body).toContain('B-10,Push button,3,12.40,37.20');
    expect(english.body).toContain(',Sum,,,137.19');

    // A preview, then the PDF sheet with it.
    const preview = formData({}, { fileName: 'preview.png', type: 'image/png', content: await png(60, 240) });
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/templates/${template.id}/preview`,
      headers: { ...headers.admin, ...preview.headers },
      payload: preview.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const previewUrl = saved.json<Template>().previewUrl;
    expect(previewUrl).toMatch(/^\/api\/storage\/tableau-previews\//);
    expect((await t.app.inject({ method: 'GET', url: previewUrl ?? '' })).statusCode).toBe(200);
    const pdf = await call('admin', 'GET', `/api/templates/${template.id}/bom?format=pdf&lang=en`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The preview is embedded as an image of the sheet.
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect(pdfText(pdf.rawPayload)).toContain('137.19');
    // Amounts as the sheet's language writes them.
    const german = pdfText(
      (await call('admin', 'GET', `/api/templates/${template.id}/bom?format=pdf`)).rawPayload,
    );
    expect(german).toContain('Stückliste');
    expect(german).toContain('137,19');
    expect(german).not.toContain('137.19');

    const lop = await call('admin', 'POST', '/api/templates/register', { name: 'LOP 1', type: 'LOP' });
    expect(lop.json<Template>().data).toMatchObject({ widthMm: 120, elements: [] });
    const cops = (await call('admin', 'GET', '/api/templates/getByType?type=COP')).json<{
      templates: Template[];
    }>();
    expect(cops.templates.every((item) => item.type === 'COP')).toBe(true);
    expect(cops.templates.map((item) => item.id)).toContain(template.id);
    expect((await call('admin', 'GET', '/api/templates/getByType?type=XYZ')).statusCode).toBe(400);
    const all = (await call('admin', 'GET', '/api/templates')).json<{ templates: Template[] }>().templates;
    expect(all.map((item) => item.id)).toEqual(
      expect.arrayContaining([template.id, lop.json<Template>().id]),
    );

    // Updating keeps the layout unless a new one comes.
    const renamed = await call('admin', 'PUT', `/api/templates/${template.id}`, {
      name: 'COP 1b',
      type: 'COP',
    });
    expect(renamed.json<Template>()).toMatchObject({ name: 'COP 1b', data });

    const removed = await call('admin', 'POST', '/api/templates/deleteByIds', { ids: [template.id] });
    expect(removed.json()).toMatchObject({ count: 1 });
    expect((await t.app.inject({ method: 'GET', url: previewUrl ?? '' })).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/api/templates/${template.id}/bom`)).statusCode).toBe(404);
  });

  it('a shared template’s bill of materials counts another admin’s private articles without naming them', async () => {
    const shared = await folder('admin', { name: 'BOM shared', isPublic: true });
    const secret = await folder('admin', { name: 'BOM secret', isPublic: false });
    const visible = await article('admin', {
      folderId: shared.id,
      name: 'Public button',
      number: 'PB-1',
      price: '10.00',
    });
    const hidden = await article('admin', {
      folderId: secret.id,
      name: 'Secret display',
      number: 'SECRET-99',
      price: '777.77',
    });
    const shape = (id: string, subfolderId: string) => ({
      id,
      kind: 'shape',
      shape: 'rect',
      fill: '#000000',
      stroke: '#ffffff',
      subfolderId,
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      rotation: 0,
    });
    const created = await call('admin', 'POST', '/api/templates/register', {
      name: 'Mixed COP',
      type: 'COP',
      data: layoutOf([
        shape('a', visible.id),
        shape('b', hidden.id),
        shape('c', hidden.id),
      ] as TemplateLayout['elements']),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Template>().id;
    const preview = formData({}, { fileName: 'preview.png', type: 'image/png', content: await png(30, 120) });
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/templates/${id}/preview`,
      headers: { ...headers.admin, ...preview.headers },
      payload: preview.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // The owner sees his own article, priced and in the sum.
    const own = (await call('admin', 'GET', `/api/templates/${id}/bom`)).json<Bom>();
    expect(own.lines.map((line) => [line.number, line.quantity])).toEqual([
      ['PB-1', 1],
      ['SECRET-99', 2],
    ]);
    expect(own).toMatchObject({ private: 0, missing: 0, totalCents: 1000 + 2 * 77777 });

    // The colleague: the private article is counted, never named, numbered or priced.
    const theirs = await call('colleague', 'GET', `/api/templates/${id}/bom`);
    expect(theirs.statusCode).toBe(200);
    const bom = theirs.json<Bom>();
    expect(bom.lines).toEqual([expect.objectContaining({ number: 'PB-1', quantity: 1, totalCents: 1000 })]);
    expect(bom).toMatchObject({ private: 2, missing: 0, total: '10.00', totalCents: 1000 });
    for (const leak of ['Secret display', 'SECRET-99', '777.77', '77777', hidden.id]) {
      expect(theirs.body).not.toContain(leak);
    }
    const csv = await call('colleague', 'GET', `/api/templates/${id}/bom?format=csv&lang=en`);
    expect(csv.body).toContain(',Private articles (not priced),2,,');
    expect(csv.body).toContain('PB-1,Public button,1,10.00,10.00');
    for (const leak of ['Secret display', 'SECRET-99', '777.77']) expect(csv.body).not.toContain(leak);
    const pdf = await call('colleague', 'GET', `/api/templates/${id}/bom?format=pdf&lang=en`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Private articles (not priced)');
    expect(text).toContain('Public button');
    for (const leak of ['Secret display', 'SECRET-99', '777.77']) expect(text).not.toContain(leak);
  });

  it('refuses layouts that break the schema or name unknown articles', async () => {
    const element = {
      id: 'a',
      kind: 'text',
      text: 'x',
      fontSizeMm: 5,
      fill: '#000000',
      subfolderId: null,
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      rotation: 0,
    };
    const bad: unknown[] = [
      { ...layoutOf([]), widthMm: -1 },
      { ...layoutOf([]), version: 2 },
      layoutOf([{ ...element, width: Number.NaN } as never]),
      layoutOf([{ ...element, kind: 'video' } as never]),
      layoutOf([element as never, element as never]),
      { ...layoutOf([]), background: 'red' },
    ];
    for (const data of bad) {
      const refused = await call('admin', 'POST', '/api/templates/register', {
        name: 'Bad',
        type: 'COP',
        data,
      });
      expect(refused.statusCode, JSON.stringify(data)).toBe(400);
    }
    const unknown = await call('admin', 'POST', '/api/templates/register', {
      name: 'Unknown article',
      type: 'LOP',
      data: layoutOf([{ ...element, subfolderId: crypto.randomUUID() } as never]),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: TABLEAU_MSG.layoutInvalid,
      fieldErrors: { 'data.elements.0.subfolderId': TABLEAU_MSG.layoutUnknownArticle },
    });
    const preview = formData(
      {},
      { fileName: 'p.gif', type: 'image/gif', content: Buffer.from('GIF89a....') },
    );
    const templateId = (
      await call('admin', 'POST', '/api/templates/register', { name: 'T', type: 'LOP' })
    ).json<Template>().id;
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/templates/${templateId}/preview`,
      headers: { ...headers.admin, ...preview.headers },
      payload: preview.payload,
    });
    expect(wrong.statusCode).toBe(415);
  });
});

describe('template previews', () => {
  const previewForm = (content: Buffer) =>
    formData({}, { fileName: 'preview.png', type: 'image/png', content });
  const sendPreview = (id: string, content: Buffer) => {
    const form = previewForm(content);
    return t.app.inject({
      method: 'POST',
      url: `/api/templates/${id}/preview`,
      headers: { ...headers.admin, ...form.headers },
      payload: form.payload,
    });
  };
  /** A PNG whose header reads (60 × 240) but whose pixels do not: sharp's metadata passes, decoding fails. */
  async function corruptPng(): Promise<Buffer> {
    const good = await png(60, 240);
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body) >>> 0);
      return Buffer.concat([length, body, crc]);
    };
    return Buffer.concat([
      good.subarray(0, 33), // signature and IHDR
      chunk('IDAT', Buffer.from('not deflate data, only junk where the pixels should be')),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
  /** The served PNG's pixels, decoded (fails for bytes that are no whole image). */
  async function servedPixels(url: string | null) {
    expect(url).toMatch(/^\/api\/storage\/tableau-previews\//);
    const served = await t.app.inject({ method: 'GET', url: url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(served.rawPayload)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const offset = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return `#${[...data.subarray(offset, offset + 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    };
    return { width: info.width, height: info.height, at };
  }
  const shape = (id: string, x: number, y: number, fill: string) => ({
    id,
    kind: 'shape' as const,
    shape: 'rect' as const,
    fill,
    stroke: fill,
    subfolderId: null,
    x,
    y,
    width: 20,
    height: 20,
    rotation: 0,
  });

  it('decodes an uploaded preview: a corrupt PNG is refused with 415, a good one is kept', async () => {
    const id = (
      await call('admin', 'POST', '/api/templates/register', { name: 'P1', type: 'LOP' })
    ).json<Template>().id;
    const corrupt = await sendPreview(id, await corruptPng());
    expect(corrupt.statusCode, corrupt.body).toBe(415);
    expect(corrupt.json()).toMatchObject({ message: MSG.imageTypeInvalid });

    const good = await sendPreview(id, await png(60, 240));
    expect(good.statusCode, good.body).toBe(200);
    const served = await servedPixels(good.json<Template>().previewUrl);
    expect([served.width, served.height, served.at(30, 120)]).toEqual([60, 240, '#336699']);
  });

  it('draws a preview for a template saved without one, from its layout, without private part images', async () => {
    const shared = await folder('admin', { name: 'Preview parts', isPublic: true });
    const secret = await folder('admin', { name: 'Preview secrets', isPublic: false });
    const red = await article('admin', { folderId: shared.id, name: 'Red part', number: 'PV-1' });
    const hidden = await article('admin', { folderId: secret.id, name: 'Hidden part', number: 'PV-2' });
    const redImage = (
      await upload(
        'admin',
        { subfolderId: red.id },
        await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
          .png()
          .toBuffer(),
      )
    ).json<Resource>();
    const hiddenImage = (
      await upload(
        'admin',
        { subfolderId: hidden.id },
        await sharp({ create: { width: 40, height: 40, channels: 3, background: '#00ff00' } })
          .png()
          .toBuffer(),
      )
    ).json<Resource>();
    const part = (id: string, resource: Resource, x: number) => ({
      id,
      kind: 'resource' as const,
      resourceId: resource.id,
      subfolderId: resource.subfolderId,
      x,
      y: 10,
      width: 40,
      height: 40,
      rotation: 0,
    });
    const data: TemplateLayout = {
      version: 1,
      widthMm: 120,
      heightMm: 300,
      background: '#c8ccd0',
      elements: [
        part('public', redImage, 10),
        part('private', hiddenImage, 60),
        shape('blue', 50, 200, '#0000ff'),
      ],
    };
    const created = await call('admin', 'POST', '/api/templates/register', {
      name: 'Drawn',
      type: 'LOP',
      data,
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<Template>();
    // 1.5 pixels per millimetre, as the editor saves its previews.
    const drawn = await servedPixels(template.previewUrl);
    expect([drawn.width, drawn.height]).toEqual([180, 450]);
    expect(drawn.at(45, 45)).toBe('#ff0000');
    expect(drawn.at(90, 315)).toBe('#0000ff');
    expect(drawn.at(60, 390)).toBe('#c8ccd0');
    // A part of a private folder is a placeholder: a shared template's preview shows it to every admin.
    expect(drawn.at(120, 45)).not.toBe('#00ff00');
    expect((await call('admin', 'GET', `/api/templates/${template.id}`)).json<Template>().previewUrl).toBe(
      template.previewUrl,
    );

    // A new layout redraws the drawn preview; an uploaded one is the editor's and stays.
    const moved = await call('admin', 'PUT', `/api/templates/${template.id}`, {
      name: 'Drawn',
      type: 'LOP',
      data: { ...data, elements: [shape('blue', 0, 0, '#0000ff')] },
    });
    const redrawn = moved.json<Template>();
    expect(redrawn.previewUrl).not.toBe(template.previewUrl);
    expect((await servedPixels(redrawn.previewUrl)).at(15, 15)).toBe('#0000ff');
    expect((await t.app.inject({ method: 'GET', url: template.previewUrl ?? '' })).statusCode).toBe(404);
    const uploaded = (await sendPreview(template.id, await png(180, 450))).json<Template>().previewUrl;
    const kept = await call('admin', 'PUT', `/api/templates/${template.id}`, {
      name: 'Drawn 2',
      type: 'LOP',
      data,
    });
    expect(kept.json<Template>().previewUrl).toBe(uploaded);

    // An empty panel gets its outline.
    const empty = (
      await call('admin', 'POST', '/api/templates/register', { name: 'Empty', type: 'COP' })
    ).json<Template>();
    const outline = await servedPixels(empty.previewUrl);
    expect([outline.width, outline.height, outline.at(225, 900)]).toEqual([450, 1800, '#c8ccd0']);
  });

  it('draws the missing previews of templates stored without one when the portal starts', async () => {
    const [row] = await t.database.handle.db
      .insert(tableauTemplates)
      .values({ name: 'Old', type: 'LOP', data: { ...emptyLayout('LOP'), background: '#123456' } })
      .returning();
    if (!row) throw new Error('template not inserted');
    expect((await call('admin', 'GET', `/api/templates/${row.id}`)).json<Template>().previewUrl).toBeNull();

    const restarted = await createTestApp({}, t.database);
    try {
      const answer = await restarted.app.inject({
        method: 'GET',
        url: `/api/templates/${row.id}`,
        headers: await restarted.authHeaders('admin'),
      });
      const previewUrl = answer.json<Template>().previewUrl;
      expect(previewUrl).toMatch(/^\/api\/storage\/tableau-previews\//);
      const served = await restarted.app.inject({ method: 'GET', url: previewUrl ?? '' });
      const { data, info } = await sharp(served.rawPayload)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The panel's colour inside its outline.
      const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
      expect([info.width, info.height, ...data.subarray(middle, middle + 3)]).toEqual([
        180, 450, 0x12, 0x34, 0x56,
      ]);
    } finally {
      await restarted.close();
    }
  });
});

describe('private part images in the storage', () => {
  const listBlobs = (who: Who) =>
    call(who, 'POST', '/api/azure/getBlobsInContainer', {
      containerName: SYSTEM_CONTAINERS.tableauResources,
    });
  const nameOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? '');

  it('another admin neither lists nor reads them, by name or with a token; the owner does', async () => {
    const mine = await folder('admin', { name: 'Private storage', isPublic: false });
    const item = await article('admin', { folderId: mine.id, name: 'Secret part', number: 'PS-1' });
    const image = (await upload('admin', { subfolderId: item.id }, await png(30, 30))).json<Resource>();
    const shared = await folder('admin', { name: 'Public storage', isPublic: true });
    const open = await article('admin', { folderId: shared.id, name: 'Open part', number: 'PS-2' });
    const publicImage = (await upload('admin', { subfolderId: open.id }, await png(30, 30))).json<Resource>();
    const secretNames = [nameOf(image.url), nameOf(image.thumbnailUrl)];

    const theirs = await listBlobs('colleague');
    expect(theirs.statusCode).toBe(200);
    const theirNames = theirs.json<{ blobs: { name: string }[] }>().blobs.map((blob) => blob.name);
    expect(theirNames).toContain(nameOf(publicImage.url));
    for (const name of secretNames) expect(theirNames).not.toContain(name);
    for (const url of [image.url, image.thumbnailUrl]) {
      expect((await call('colleague', 'GET', url)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const download = await call('colleague', 'POST', '/api/azure/downloadBlobInContainer', {
      containerName: SYSTEM_CONTAINERS.tableauResources,
      fileName: secretNames[0],
    });
    expect(download.statusCode).toBe(404);
    expect(
      download.rawPayload
        .subarray(0, 8)
        .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    ).toBe(false);
    // Public part images stay readable without a token.
    expect((await t.app.inject({ method: 'GET', url: publicImage.url })).statusCode).toBe(200);

    // The owner reads them with his token, and his listing links them signed for him.
    const own = await call('admin', 'GET', image.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    const ownList = (await listBlobs('admin')).json<{ blobs: { name: string; url: string }[] }>().blobs;
    const listed = ownList.find((blob) => blob.name === secretNames[0]);
    expect(listed?.url).toMatch(/\?token=/);
    expect((await t.app.inject({ method: 'GET', url: listed?.url ?? '' })).statusCode).toBe(200);

    // Nor does a lift file's link name it: 404 as for a missing blob, while a public image may be linked.
    const lifts = await createLiftFixtures(t);
    const linkTo = async (role: 'admin' | 'service_man', url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/files/register',
        headers: await t.authHeaders(role),
        payload: { uid: crypto.randomUUID(), liftId: lifts.own.id, name: 'part.png', url },
      });
    const notTheirs = await linkTo('service_man', image.url);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.body).not.toContain('image/png');
    const colleagueLink = await t.app.inject({
      method: 'POST',
      url: '/api/files/register',
      headers: headers.colleague,
      payload: { uid: crypto.randomUUID(), liftId: lifts.own.id, name: 'part.png', url: image.thumbnailUrl },
    });
    expect(colleagueLink.statusCode).toBe(404);
    const linked = await linkTo('service_man', publicImage.url);
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toMatchObject({ type: 'image/png' });

    // Made public by its owner, the folder's images are everyone's.
    await call('admin', 'PUT', `/api/folders/${mine.id}`, { name: mine.name, isPublic: true });
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
  });
});
