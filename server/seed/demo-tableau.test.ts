import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type Bom,
  type Folder,
  type Subfolder,
  type Template,
  TemplateSchema,
} from '../../contract/schemas/tableau';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';
import { seedDemoTableau } from './demo-tableau';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('seeds two public product lines with 30 drawn articles and a COP and a LOP template, once', async () => {
  await seedDemoTableau(t.app.db, t.app.storage, t.app.log);
  await seedDemoTableau(t.app.db, t.app.storage, t.app.log);
  const headers = await t.authHeaders('admin');
  const get = <T>(url: string) => t.app.inject({ method: 'GET', url, headers }).then((r) => r.json<T>());

  const { folders } = await get<{ folders: Folder[] }>('/api/folders?scope=public');
  expect(folders.map((folder) => [folder.name, folder.subfolderCount])).toEqual([
    ['Classic', 16],
    ['Vision', 14],
  ]);
  const { subfolders } = await get<{ subfolders: Subfolder[] }>('/api/subfolders');
  expect(subfolders).toHaveLength(30);
  expect(subfolders.every((article) => article.resourceCount === 1 && article.priceCents > 0)).toBe(true);

  const { resources } = await get<{ resources: { url: string; width: number; widthMm: number }[] }>(
    '/api/resources',
  );
  expect(resources).toHaveLength(30);
  const image = await t.app.inject({ method: 'GET', url: resources[0]?.url ?? '' });
  expect(image.headers['content-type']).toBe('image/png');
  expect(resources[0]?.width).toBe((resources[0]?.widthMm ?? 0) * 8);

  const { templates } = await get<{ templates: Template[] }>('/api/templates');
  expect(templates.map((template) => template.type).sort()).toEqual(['COP', 'LOP']);
  for (const template of templates) expect(v.safeParse(TemplateSchema, template).success).toBe(true);
  // Each with a preview drawn from its layout: a PNG that decodes, at 1.5 pixels per millimetre.
  for (const template of templates) {
    expect(template.previewUrl, template.name).toMatch(/^\/api\/storage\/tableau-previews\//);
    const preview = await t.app.inject({ method: 'GET', url: template.previewUrl ?? '' });
    expect(preview.headers['content-type']).toBe('image/png');
    const { info } = await sharp(preview.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([template.data.widthMm * 1.5, template.data.heightMm * 1.5]);
  }
  const cop = templates.find((template) => template.type === 'COP');
  const bom = await get<Bom>(`/api/templates/${cop?.id}/bom`);
  // Nine floor buttons at 24.90, two door buttons at 26.90, the rest once each.
  expect(bom.lines.find((line) => line.number === 'CL-TR-0')).toMatchObject({
    quantity: 1,
    unitPrice: '24.90',
  });
  expect(bom.totalCents).toBe(9 * 2490 + 2 * 2690 + 4850 + 18900 + 6400 + 9850 + 1200);
  expect(bom.missing).toBe(0);
});
