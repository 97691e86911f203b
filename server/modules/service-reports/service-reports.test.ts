import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages';
import type { Role } from '../../../contract/roles';
import type { LiftFile } from '../../../contract/schemas/file';
import type { ServiceReport } from '../../../contract/schemas/service-report';
import type { SyncPullResponse } from '../../../contract/schemas/sync';
import { REPORT_MSG } from '../../../contract/service-report-messages';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../../tests/server/helpers/app';
import { pdfText } from '../../../tests/server/helpers/pdf-text';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/server/helpers/smtp';
import { rowsOf } from '../../db/results';
import { outboxMessages } from '../../db/schema/outbox';
import { createLiftFixtures, type LiftFixtures } from '../lifts/lift-fixtures';
import { formData } from '../storage/storage-fixtures';

/** Service reports (docs/service-reports.md): stored once, scoped, kept as a PDF and mailed once. */

let t: TestApp;
let smtp: TestSmtpServer;
let f: LiftFixtures;
let signature: string;
let photoUrl: string;

const call = async (role: Role, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.authHeaders(role), ...(payload ? { payload } : {}) });

const reportBody = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  workDone: 'Türrollen getauscht, Lichtgitter justiert',
  parts: [{ name: 'Türrolle', quantity: 2, ref: 'door-roller' }],
  minutesOnSite: 95,
  photoUrls: [photoUrl],
  liftInService: true,
  signerName: 'Erika Mustermann',
  signature,
  signedAt: new Date().toISOString(),
  ...overrides,
});

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  f = await createLiftFixtures(t);
  // A drawn signature (a dark stroke on transparency) and a photo, as the phone makes them.
  const stroke = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><path d="M10 90 C 60 10, 120 110, 290 30" stroke="#111" stroke-width="4" fill="none"/></svg>',
  );
  signature = `data:image/png;base64,${(await sharp(stroke).png().toBuffer()).toString('base64')}`;
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3070b0' } })
    .jpeg()
    .toBuffer();
  const form = formData(
    { uid: crypto.randomUUID(), liftId: f.own.id },
    { fileName: 'photo.jpg', type: 'image/jpeg', content: jpeg },
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/files/register',
    payload: form.payload,
    headers: { ...form.headers, ...(await t.authHeaders('service_man')) },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  photoUrl = uploaded.json<LiftFile>().url;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailRowsOf = (id: string) =>
  t.app.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.cause, `report:${id}`));

describe('POST /lifts/{id}/service-reports', () => {
  it('stores the report, keeps its PDF in the lift’s files and mails it to the customer once', async () => {
    const body = reportBody();
    const created = await call('service_man', 'POST', `/api/lifts/${f.own.id}/service-reports`, body);
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json<ServiceReport>();
    expect(report).toMatchObject({
      id: body.id,
      liftId: f.own.id,
      workDone: body.workDone,
      parts: body.parts,
      minutesOnSite: 95,
      liftInService: true,
      signerName: 'Erika Mustermann',
      authorId: f.ids.service_man,
    });
    expect(report.pdfUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/content$/);
    expect(report).not.toHaveProperty('signature');

    // The PDF is one of the lift's files, readable by the lift's customer.
    const pdf = await call('customer', 'GET', report.pdfUrl ?? '');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Türrollen getauscht');
    expect(text).toContain('Erika Mustermann');

    // The mail with the PDF: one outbox row for the customer, delivered to the SMTP server.
    const rows = await mailRowsOf(body.id);
    expect(rows.map((row) => row.recipient)).toEqual([DEMO_EMAILS.customer]);
    const mail = await vi.waitFor(
      () => {
        const found = smtp.received.find((received) => received.subject === 'Servicebericht zu Aufzug OWN-1');
        if (!found) throw new Error('no report mail yet');
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    const attachment = mail.attachments.find((file) => file.contentType === 'application/pdf');
    expect(attachment?.filename).toMatch(/^Servicebericht-OWN-1-\d{4}-\d{2}-\d{2}\.pdf$/);
    const mailed = await pdfText(attachment?.content ?? Buffer.alloc(0));
    expect(mailed).toContain('Türrollen getauscht');
    expect(mailed).toContain('Erika Mustermann');
    expect(mailed).toContain('Türrolle');
    // The photo and the signature are images in the PDF.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'report-pdf-'));
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, attachment?.content ?? Buffer.alloc(0));
    const images = execFileSync('pdfimages', ['-list', file]).toString().trim().split('\n').slice(2);
    expect(images.length).toBeGreaterThanOrEqual(2);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers a resend with the stored report: no second report, file or mail', async () => {
    const body = reportBody();
    const url = `/api/lifts/${f.own.id}/service-reports`;
    const first = await call('service_man', 'POST', url, body);
    expect(first.statusCode, first.body).toBe(201);
    // Twice at once and once after: each the first report.
    const again = await Promise.all([
      call('service_man', 'POST', url, body),
      call('service_man', 'POST', url, body),
    ]);
    const later = await call('service_man', 'POST', url, { ...body, workDone: 'changed in between' });
    for (const answer of [...again, later]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<ServiceReport>()).toEqual(first.json<ServiceReport>());
    }
    expect(await mailRowsOf(body.id)).toHaveLength(1);
    const files = (await call('admin', 'GET', `/api/files/getByLiftId?liftId=${f.own.id}`)).json<{
      files: LiftFile[];
    }>().files;
    expect(files.filter((file) => file.uid === `service-report-${body.id}`)).toHaveLength(1);
    const counted = await t.app.db.execute(
      sql`select count(*)::int as n from service_reports where id = ${body.id}`,
    );
    expect(rowsOf<{ n: number }>(counted)[0]?.n).toBe(1);
    // The same id from another author, or for another lift, is not his report.
    const foreign = await call('admin', 'POST', url, body);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toMatchObject({ message: REPORT_MSG.reportIdTaken });
  });

  it('scopes: other customers’ and service men’s lifts answer 404, customers may not write', async () => {
    const body = reportBody({ photoUrls: [] });
    const foreign = await call('service_man', 'POST', `/api/lifts/${f.foreign.id}/service-reports`, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: MSG.liftNotFound });
    const byCustomer = await call('customer', 'POST', `/api/lifts/${f.own.id}/service-reports`, body);
    expect(byCustomer.statusCode).toBe(403);
    const byCustomerAdmin = await call(
      'customer_admin',
      'POST',
      `/api/lifts/${f.own.id}/service-reports`,
      body,
    );
    expect(byCustomerAdmin.statusCode).toBe(403);

    // Reading: the own lift's customer sees its reports; another customer's lift answers 404.
    const own = await call('customer', 'GET', `/api/lifts/${f.own.id}/service-reports`);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ reports: ServiceReport[] }>().reports.length).toBeGreaterThan(0);
    expect((await call('customer', 'GET', `/api/lifts/${f.foreign.id}/service-reports`)).statusCode).toBe(
      404,
    );
    // An admin's report on the foreign lift is in the admin's list, not in the service man's.
    const adminReport = await call('admin', 'POST', `/api/lifts/${f.foreign.id}/service-reports`, body);
    expect(adminReport.statusCode, adminReport.body).toBe(201);
    const listOf = async (role: Role, query = '') =>
      (await call(role, 'GET', `/api/service-reports?pageSize=100${query}`)).json<{
        reports: { id: string; liftId: string }[];
        count: number;
        authors: { id: string }[];
      }>();
    expect((await listOf('admin')).reports.map((r) => r.id)).toContain(body.id);
    expect((await listOf('service_man')).reports.map((r) => r.liftId)).not.toContain(f.foreign.id);
    expect((await listOf('customer')).reports.every((r) => r.liftId === f.own.id)).toBe(true);
    // Filters: lift, author, days.
    const byLift = await listOf('admin', `&liftId=${f.foreign.id}`);
    expect(byLift.reports.map((r) => r.id)).toEqual([body.id]);
    const byAuthor = await listOf('admin', `&authorId=${f.ids.service_man}`);
    expect(byAuthor.reports.length).toBeGreaterThan(0);
    expect(byAuthor.reports.map((r) => r.id)).not.toContain(body.id);
    expect((await listOf('admin', '&to=2000-01-01')).count).toBe(0);
    // The customer's mirror pulls his lift's reports and not the foreign one.
    const pull = (await call('customer', 'GET', '/api/sync/pull?limit=2000')).json<SyncPullResponse>();
    expect(pull.reports.map((r) => r.liftId).every((id) => id === f.own.id)).toBe(true);
    expect(pull.reports.length).toBeGreaterThan(0);
  });

  it('refuses bad input with 400 and the field’s message', async () => {
    const url = `/api/lifts/${f.own.id}/service-reports`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ workDone: '   ' }, 'workDone', REPORT_MSG.workDoneRequired],
      [{ minutesOnSite: 0 }, 'minutesOnSite', REPORT_MSG.invalidMinutes],
      [{ signerName: '' }, 'signerName', REPORT_MSG.signerRequired],
      [{ signature: 'data:image/png;base64,' }, 'signature', REPORT_MSG.signatureRequired],
      [
        { signature: `data:image/png;base64,${Buffer.from('GIF89a-nope').toString('base64')}` },
        'signature',
        REPORT_MSG.signatureRequired,
      ],
      [{ parts: [{ name: 'Seil', quantity: -1 }] }, 'parts.0.quantity', REPORT_MSG.invalidQuantity],
      [{ signedAt: new Date(Date.now() + 3_600_000).toISOString() }, 'signedAt', REPORT_MSG.invalidSignedAt],
      [{ visitId: crypto.randomUUID() }, 'visitId', REPORT_MSG.visitNotFound],
      [{ photoUrls: [`/api/files/${crypto.randomUUID()}/content`] }, 'photoUrls', REPORT_MSG.photoNotFound],
      [{ id: 'not-a-uuid' }, 'id', MSG.invalidValue],
    ];
    for (const [change, field, message] of cases) {
      const answer = await call('service_man', 'POST', url, reportBody(change));
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(400);
      expect(answer.json<{ fieldErrors?: Record<string, string> }>().fieldErrors?.[field]).toBe(message);
    }
    const filter = await call('admin', 'GET', '/api/service-reports?from=yesterday');
    expect(filter.statusCode).toBe(400);
  });

  it('offers the base data’s spare parts and the public articles as parts', async () => {
    const answer = await call('service_man', 'GET', '/api/service-reports/parts');
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ choices: { source: string; name: string }[] }>().choices).toEqual(
      expect.arrayContaining([expect.objectContaining({ source: 'base', name: 'Türrolle' })]),
    );
  });
});
