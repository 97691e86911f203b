import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';
import { SYSTEM_CONTAINERS } from '../integrations/blob/storage';
import { createLiftFixtures } from '../modules/lifts/lift-fixtures';
import { PNG_BYTES } from '../modules/storage/storage-fixtures';
import { demoPdf, demoPng, seedDemoFiles } from './demo-files';

describe('demo files', () => {
  it('are a valid PDF (header, xref offsets) and a valid PNG', () => {
    const pdf = demoPdf('Prüfbericht AZ-1', ['Zeile (1)']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    for (const [index, offset] of [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].entries()) {
      expect(pdf.slice(Number(offset[1]), Number(offset[1]) + 7)).toBe(`${index + 1} 0 obj`);
    }
    expect(pdf).toContain('Pr\xfcfbericht');
    const png = demoPng(1);
    expect(png.subarray(0, 8).equals(PNG_BYTES.subarray(0, 8))).toBe(true);
    expect(png.readUInt32BE(16)).toBe(320);
  });

  it('are seeded once on a demo start, on demo lifts', async () => {
    // Called directly: test apps seed no demo data beyond the accounts (server/seed/index.ts).
    const t = await createTestApp();
    try {
      await createLiftFixtures(t);
      await seedDemoFiles(t.app.db, t.app.storage, t.app.log);
      await seedDemoFiles(t.app.db, t.app.storage, t.app.log);
      const files = await t.app.storage.listBlobs(SYSTEM_CONTAINERS.liftFiles);
      const rows = await t.app.inject({
        url: `/api/files/getByLiftId?liftId=${(await createdLiftOf(t)) ?? ''}`,
        headers: await t.authHeaders('admin'),
      });
      expect(files?.length).toBeGreaterThan(0);
      expect(files?.length).toBe(rows.json().files.length * 2);
    } finally {
      await t.close();
    }
  });
});

/** The first lift by uid, which the demo files go to (the fixtures give the service man one). */
async function createdLiftOf(t: TestApp): Promise<string | undefined> {
  const response = await t.app.inject({
    url: '/api/lifts/getByPagination?sort=uid&pageSize=1',
    headers: await t.authHeaders('service_man'),
  });
  return response.json().lifts[0]?.id;
}
