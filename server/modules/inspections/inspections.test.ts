import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MSG } from '../../../contract/file-messages';
import { INSPECTION_MSG } from '../../../contract/inspection-messages';
import { addDays, addMonths, berlinDay } from '../../../contract/maintenance';
import type { LiftFile } from '../../../contract/schemas/file';
import type {
  Defect,
  Inspection,
  InspectionDueList,
  LiftInspections,
} from '../../../contract/schemas/inspection';
import type { SyncPullResponse } from '../../../contract/schemas/sync';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { insertLiftWithKey } from '../devices/device-test-kit';
import { formData, PDF_BYTES, PNG_BYTES } from '../storage/storage-fixtures';

/** Statutory inspections and their defects (docs/inspections.md). */

let t: TestApp;
let mine: { id: string };
let foreign: { id: string };

type Role = 'admin' | 'customer_admin' | 'customer' | 'service_man';
async function call(method: 'GET' | 'POST' | 'PUT', url: string, role: Role, payload?: object, headers = {}) {
  return t.app.inject({ method, url, payload, headers: { ...(await t.authHeaders(role)), ...headers } });
}

const today = berlinDay();
const dangerous = {
  inspectedOn: today,
  kind: 'main',
  body: 'TÜV Süd',
  inspector: 'M. Prüfer',
  result: 'dangerous',
  defects: [{ text: 'Tragseil angerissen', deadline: today }],
};

beforeAll(async () => {
  // Files up to 1 MB, so that a report too large is cheap to send.
  t = await createTestApp({ FILE_MAX_MB: '1' });
  const customer = (await t.signInAs('customer')).user.id;
  const serviceMan = (await t.signInAs('service_man')).user.id;
  mine = await insertLiftWithKey(t.app.db, { customers: [customer], servicemen: [serviceMan] });
  foreign = await insertLiftWithKey(t.app.db);
});

afterAll(async () => {
  await t?.close();
});

const lift = async (id: string, role: Role = 'admin') => {
  const answer = await call('GET', `/api/lifts/${id}/inspections`, role);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<LiftInspections>();
};

describe('inspections', () => {
  it('knows no due day before the first main inspection', async () => {
    expect(await lift(mine.id, 'customer')).toEqual({
      interval: { mainEveryMonths: 24, custom: false },
      due: { main: null, intermediate: null },
      outOfService: false,
      inspections: [],
      defects: [],
    });
  });

  it('lets only admins record, and answers 404 for a lift out of scope', async () => {
    for (const role of ['customer', 'customer_admin', 'service_man'] as const) {
      expect((await call('POST', `/api/lifts/${mine.id}/inspections`, role, dangerous)).statusCode).toBe(403);
    }
    for (const role of ['customer', 'customer_admin', 'service_man'] as const) {
      expect((await call('GET', `/api/lifts/${foreign.id}/inspections`, role)).statusCode).toBe(404);
    }
  });

  it('refuses invalid input with field errors', async () => {
    const missing = await call('POST', `/api/lifts/${mine.id}/inspections`, 'admin', {
      ...dangerous,
      body: ' ',
      defects: [],
    });
    expect(missing.statusCode).toBe(400);
    // Every field's own error at once, the defects' rule too.
    expect(missing.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      body: 'Name the inspection body',
      defects: 'List the defects found, or choose “no defects”',
    });
    const unexpected = await call('POST', `/api/lifts/${mine.id}/inspections`, 'admin', {
      ...dangerous,
      result: 'none',
    });
    expect(unexpected.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      defects: 'An inspection without defects lists none',
    });
    const ahead = await call('POST', `/api/lifts/${mine.id}/inspections`, 'admin', {
      ...dangerous,
      inspectedOn: addMonths(today, 1),
    });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      inspectedOn: 'Enter a date as YYYY-MM-DD, not in the future',
    });
    const early = await call('POST', `/api/lifts/${mine.id}/inspections`, 'admin', {
      ...dangerous,
      defects: [{ text: 'Seil', deadline: '2001-01-01' }],
    });
    expect(early.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      'defects.0.deadline': 'Enter the deadline as YYYY-MM-DD, not before the inspection',
    });
  });

  it('records a dangerous result: the lift is out of service until its defects are closed', async () => {
    const recorded = await call('POST', `/api/lifts/${mine.id}/inspections`, 'admin', dangerous);
    expect(recorded.statusCode, recorded.body).toBe(201);
    const [defect] = recorded.json<{ defects: Defect[] }>().defects;
    if (!defect) throw new Error('no defect');
    const seen = await lift(mine.id, 'service_man');
    expect(seen.outOfService).toBe(true);
    expect(seen.due.main).toEqual({ dueOn: addMonths(today, 24), status: 'ok' });
    expect(seen.due.intermediate).toEqual({ dueOn: addMonths(today, 12), status: 'ok' });

    // Closing needs a fix first; customers neither fix nor close.
    expect((await call('POST', `/api/defects/${defect.id}/close`, 'admin')).statusCode).toBe(409);
    expect(
      (await call('POST', `/api/defects/${defect.id}/fixed`, 'customer', { fixNote: 'x' })).statusCode,
    ).toBe(403);
    const blank = await call('POST', `/api/defects/${defect.id}/fixed`, 'service_man', { fixNote: '' });
    expect(blank.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      fixNote: 'Describe what was done',
    });

    // Fixed once: the same key answers the first answer, a second fix keeps the first.
    const key = { 'idempotency-key': 'fix-1' };
    const fixed = await call(
      'POST',
      `/api/defects/${defect.id}/fixed`,
      'service_man',
      { fixNote: 'Seil getauscht' },
      key,
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const again = await call(
      'POST',
      `/api/defects/${defect.id}/fixed`,
      'service_man',
      { fixNote: 'Seil getauscht' },
      key,
    );
    expect(again.json()).toEqual(fixed.json());
    const other = await call('POST', `/api/defects/${defect.id}/fixed`, 'admin', { fixNote: 'anders' });
    expect(other.json<Defect>()).toMatchObject({ fixNote: 'Seil getauscht', version: 2 });
    expect(fixed.json<Defect>()).toMatchObject({
      fixNote: 'Seil getauscht',
      fixedByName: expect.any(String),
    });
    expect((await lift(mine.id)).outOfService).toBe(true);

    expect((await call('POST', `/api/defects/${defect.id}/close`, 'service_man')).statusCode).toBe(403);
    const closed = await call('POST', `/api/defects/${defect.id}/close`, 'admin');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<Defect>().closedAt).not.toBeNull();
    expect((await lift(mine.id)).outOfService).toBe(false);
  });

  it('answers 404 for a defect of a lift out of scope', async () => {
    const recorded = await call('POST', `/api/lifts/${foreign.id}/inspections`, 'admin', dangerous);
    const [defect] = recorded.json<{ defects: Defect[] }>().defects;
    const fix = await call('POST', `/api/defects/${defect?.id}/fixed`, 'service_man', { fixNote: 'x' });
    expect(fix.statusCode).toBe(404);
  });

  it('sets the interval per lift (admins)', async () => {
    const url = `/api/lifts/${mine.id}/inspection-interval`;
    expect((await call('PUT', url, 'customer_admin', { mainEveryMonths: 12 })).statusCode).toBe(403);
    const set = await call('PUT', url, 'admin', { mainEveryMonths: 12 });
    expect(set.json()).toEqual({ mainEveryMonths: 12, custom: true });
    const seen = await lift(mine.id);
    expect(seen.interval).toEqual({ mainEveryMonths: 12, custom: true });
    expect(seen.due.intermediate?.dueOn).toBe(addMonths(today, 6));
    expect((await call('PUT', url, 'admin', { mainEveryMonths: 1 })).statusCode).toBe(400);
    expect((await call('PUT', url, 'admin', { mainEveryMonths: null })).json()).toEqual({
      mainEveryMonths: 24,
      custom: false,
    });
  });

  it('sends the lift again with its own interval, so that due days hold offline', async () => {
    const pullFrom = async (cursor?: string) =>
      (
        await call(
          'GET',
          `/api/sync/pull${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
          'service_man',
        )
      ).json<SyncPullResponse>();
    let first = await pullFrom();
    while (first.hasMore) first = await pullFrom(first.cursor);
    const url = `/api/lifts/${mine.id}/inspection-interval`;
    const listed = async () =>
      (await call('GET', `/api/lifts/${mine.id}`, 'service_man')).json<{
        inspectionEveryMonths: number | null;
      }>();
    expect((await listed()).inspectionEveryMonths).toBeNull();

    expect((await call('PUT', url, 'admin', { mainEveryMonths: 36 })).statusCode).toBe(200);
    const after = await pullFrom(first.cursor);
    const sent = after.lifts.filter((row) => row.id === mine.id);
    expect(sent).toEqual([expect.objectContaining({ inspectionEveryMonths: 36 })]);
    expect((await listed()).inspectionEveryMonths).toBe(36);

    expect((await call('PUT', url, 'admin', { mainEveryMonths: null })).statusCode).toBe(200);
    const reset = await pullFrom(after.cursor);
    expect(reset.lifts.filter((row) => row.id === mine.id)).toEqual([
      expect.objectContaining({ inspectionEveryMonths: null }),
    ]);
  });

  it('mirrors inspections and defects with their lift, only to those who see it', async () => {
    const pull = async (role: Role) => (await call('GET', '/api/sync/pull', role)).json<SyncPullResponse>();
    const serviceMan = await pull('service_man');
    expect(serviceMan.inspections.map((row) => row.liftId)).toEqual([mine.id]);
    expect(serviceMan.defects).toEqual([
      expect.objectContaining({ liftId: mine.id, fixNote: 'Seil getauscht' }),
    ]);
    const admin = await pull('admin');
    expect(new Set(admin.defects.map((row) => row.liftId))).toEqual(new Set([mine.id, foreign.id]));
  });

  it('lists what falls due across the lifts the user sees, soonest first', async () => {
    const customer = (await t.signInAs('customer')).user.id;
    const his = await insertLiftWithKey(t.app.db, { customers: [customer] });
    const other = await insertLiftWithKey(t.app.db);
    // A main inspection two years less ten days ago: the main one is due in ten days, the
    // intermediate one a year ago, and the defect's deadline passed a month ago.
    const inspectedOn = addDays(addMonths(today, -24), 10);
    for (const lift of [his, other]) {
      const recorded = await call('POST', `/api/lifts/${lift.id}/inspections`, 'admin', {
        ...dangerous,
        inspectedOn,
        result: 'defects',
        defects: [{ text: 'Türkontakt', deadline: addMonths(today, -1) }],
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
    }
    const due = async (role: Role, query = '') => {
      const answer = await call('GET', `/api/inspections/due${query}`, role);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<InspectionDueList>();
    };
    const seen = await due('customer');
    expect(seen.days).toBe(30);
    expect(seen.items.map(({ kind, liftId, dueOn, status }) => ({ kind, liftId, dueOn, status }))).toEqual([
      { kind: 'intermediate', liftId: his.id, dueOn: addMonths(inspectedOn, 12), status: 'overdue' },
      { kind: 'defect', liftId: his.id, dueOn: addMonths(today, -1), status: 'overdue' },
      { kind: 'main', liftId: his.id, dueOn: addMonths(inspectedOn, 24), status: 'soon' },
    ]);
    expect(seen.items[1]).toMatchObject({
      text: 'Türkontakt',
      dangerous: false,
      liftUid: expect.any(String),
    });
    const admin = await due('admin');
    expect(admin.items.filter((item) => item.liftId === other.id)).toHaveLength(3);
    // Within five days the main inspection is not due yet.
    expect((await due('customer', '?days=5')).items.map((item) => item.kind)).toEqual([
      'intermediate',
      'defect',
    ]);
    expect((await call('GET', '/api/inspections/due?days=x', 'customer')).statusCode).toBe(400);
  });
});

/** Uploads a file to a lift as the PWA does (`POST /files/register`, multipart), with the type it claims. */
async function upload(role: Role, liftId: string, fileName: string, type: string, content: Buffer) {
  const form = formData({ uid: randomUUID(), liftId }, { fileName, type, content });
  return t.app.inject({
    method: 'POST',
    url: '/api/files/register',
    payload: form.payload,
    headers: { ...form.headers, ...(await t.authHeaders(role)) },
  });
}
async function stored(role: Role, liftId: string, fileName: string, type: string, content: Buffer) {
  const answer = await upload(role, liftId, fileName, type, content);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<LiftFile>();
}
const fieldErrors = (answer: { json: <T>() => T }) =>
  answer.json<{ fieldErrors: Record<string, string> }>().fieldErrors;
const GIF_BYTES = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

describe('the inspection body’s report', () => {
  it('is a file of the lift, its type told by its bytes, linked when recording', async () => {
    // A PDF named and sent as a PNG is stored as what its bytes are.
    const report = await stored('admin', mine.id, 'scan.png', 'image/png', PDF_BYTES);
    expect(report).toMatchObject({ type: 'application/pdf', stored: true });
    const recorded = await call('POST', `/api/lifts/${mine.id}/inspections`, 'admin', {
      inspectedOn: today,
      kind: 'intermediate',
      body: 'DEKRA',
      result: 'none',
      reportFileId: report.id,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json<Inspection>()).toMatchObject({
      reportFileId: report.id,
      reportUrl: `/api/files/${report.id}/content`,
    });
    // Whoever sees the lift opens it; it is among the lift's files.
    const seen = (await lift(mine.id, 'customer')).inspections.find((row) => row.reportFileId === report.id);
    expect(seen?.reportUrl).toBe(report.url);
    const bytes = await call('GET', report.url, 'customer');
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('application/pdf');
    const pulled = (await call('GET', '/api/sync/pull', 'service_man')).json<SyncPullResponse>();
    expect(pulled.inspections).toContainEqual(expect.objectContaining({ reportFileId: report.id }));

    // Text that calls itself a PDF is refused by its bytes, a file too large by its size.
    const text = await upload('admin', mine.id, 'report.pdf', 'application/pdf', Buffer.from('not a pdf'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ message: FILE_MSG.fileTypeInvalid });
    const large = Buffer.concat([PDF_BYTES, Buffer.alloc(1024 * 1024 + 1)]);
    const tooLarge = await upload('admin', mine.id, 'big.pdf', 'application/pdf', large);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: FILE_MSG.fileTooLarge });
  });

  it('is added later by admins only, never a file of another lift, never losing the one linked', async () => {
    const recorded = await call('POST', `/api/lifts/${mine.id}/inspections`, 'admin', {
      inspectedOn: today,
      kind: 'other',
      body: 'TÜV Nord',
      result: 'none',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const inspection = recorded.json<Inspection>();
    expect(inspection).toMatchObject({ reportFileId: null, reportUrl: null });
    const url = `/api/inspections/${inspection.id}/report`;
    const scan = await stored('admin', mine.id, 'scan.png', 'image/png', PNG_BYTES);

    for (const role of ['customer', 'customer_admin', 'service_man'] as const) {
      expect((await call('PUT', url, role, { reportFileId: scan.id })).statusCode).toBe(403);
    }
    const attached = await call('PUT', url, 'admin', { reportFileId: scan.id });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json<Inspection>()).toMatchObject({ reportFileId: scan.id, version: 2 });
    // The same again changes nothing.
    expect((await call('PUT', url, 'admin', { reportFileId: scan.id })).json<Inspection>().version).toBe(2);

    // Another customer's lift's file, a registered link (its type only claimed), a GIF: field
    // errors, and the report linked before stays.
    const foreignFile = await stored('admin', foreign.id, 'other.pdf', 'application/pdf', PDF_BYTES);
    const link = await call('POST', '/api/files/register', 'admin', {
      uid: randomUUID(),
      liftId: mine.id,
      name: 'Link.pdf',
      size: 10,
      type: 'application/pdf',
      url: 'https://example.com/report.pdf',
    });
    expect(link.statusCode, link.body).toBe(201);
    const gif = await stored('admin', mine.id, 'scan.gif', 'image/gif', GIF_BYTES);
    for (const [fileId, message] of [
      [foreignFile.id, INSPECTION_MSG.reportNotFound],
      [link.json<LiftFile>().id, INSPECTION_MSG.reportNotFound],
      [randomUUID(), INSPECTION_MSG.reportNotFound],
      [gif.id, INSPECTION_MSG.reportTypeInvalid],
    ] as const) {
      const refused = await call('PUT', url, 'admin', { reportFileId: fileId });
      expect(refused.statusCode).toBe(400);
      expect(fieldErrors(refused)).toEqual({ reportFileId: message });
    }
    const recordedForeign = await call('POST', `/api/lifts/${mine.id}/inspections`, 'admin', {
      inspectedOn: today,
      kind: 'other',
      body: 'TÜV Nord',
      result: 'none',
      reportFileId: foreignFile.id,
    });
    expect(fieldErrors(recordedForeign)).toEqual({ reportFileId: INSPECTION_MSG.reportNotFound });
    const kept = (await lift(mine.id)).inspections.find((row) => row.id === inspection.id);
    expect(kept).toMatchObject({ reportFileId: scan.id, version: 2 });
    expect(
      (await call('PUT', `/api/inspections/${randomUUID()}/report`, 'admin', { reportFileId: scan.id }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a defect fixed with photos', () => {
  it('takes photos of its lift only, keeps them and mirrors them', async () => {
    const recorded = await call('POST', `/api/lifts/${mine.id}/inspections`, 'admin', {
      ...dangerous,
      defects: [{ text: 'Türkontakt defekt', deadline: today }],
    });
    const [defect] = recorded.json<{ defects: Defect[] }>().defects;
    if (!defect) throw new Error('no defect');
    expect(defect.fixPhotoUrls).toEqual([]);
    const photo = await stored('service_man', mine.id, 'photo.png', 'image/png', PNG_BYTES);
    const foreignPhoto = await stored('admin', foreign.id, 'photo.png', 'image/png', PNG_BYTES);
    const pdf = await stored('service_man', mine.id, 'plan.pdf', 'application/pdf', PDF_BYTES);
    const fixUrl = `/api/defects/${defect.id}/fixed`;
    for (const [photoUrls, field] of [
      [[foreignPhoto.url], 'photoUrls'],
      [[pdf.url], 'photoUrls'],
      [['https://example.com/a.png'], 'photoUrls.0'],
    ] as const) {
      const refused = await call('POST', fixUrl, 'service_man', { fixNote: 'Kontakt getauscht', photoUrls });
      expect(refused.statusCode).toBe(400);
      expect(fieldErrors(refused)).toEqual({ [field]: INSPECTION_MSG.photoNotFound });
    }
    const fixed = await call('POST', fixUrl, 'service_man', {
      fixNote: 'Kontakt getauscht',
      photoUrls: [photo.url],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<Defect>()).toMatchObject({ fixPhotoUrls: [photo.url], version: 2 });
    const seen = (await lift(mine.id, 'customer')).defects.find((row) => row.id === defect.id);
    expect(seen?.fixPhotoUrls).toEqual([photo.url]);
    const pulled = (await call('GET', '/api/sync/pull', 'service_man')).json<SyncPullResponse>();
    expect(pulled.defects).toContainEqual(
      expect.objectContaining({ id: defect.id, fixPhotoUrls: [photo.url] }),
    );
    expect((await call('GET', photo.url, 'customer')).statusCode).toBe(200);
  });
});
