import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages';
import { PROJECT_MSG } from '../../../contract/project-messages';
import {
  PROJECT_STATES,
  PROJECT_TRANSITIONS,
  type ProjectState,
} from '../../../contract/project-transitions';
import type { Project, ProjectDocument } from '../../../contract/schemas/project';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../../tests/server/helpers/app';
import { pdfText } from '../../../tests/server/helpers/pdf-text';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/server/helpers/smtp';
import { baseEntries } from '../../db/schema/base-data';
import { projects } from '../../db/schema/projects';
import { createLiftFixtures, type LiftFixtures } from '../lifts/lift-fixtures';
import { formData } from '../storage/storage-fixtures';

/**
 * A write that lands between the handler's read and its update (a concurrent request, made
 * deterministic): the repository runs `race.beforeNextUpdate` once, before its next update.
 */
const race = vi.hoisted(() => ({ beforeNextUpdate: undefined as undefined | (() => Promise<void>) }));
vi.mock('./projects.repository', async (importOriginal) => {
  const original = await importOriginal<typeof import('./projects.repository')>();
  return {
    ...original,
    createProjectsRepository: (...args: Parameters<typeof original.createProjectsRepository>) => {
      const repository = original.createProjectsRepository(...args);
      return {
        ...repository,
        async update(...update: Parameters<typeof repository.update>) {
          const concurrent = race.beforeNextUpdate;
          race.beforeNextUpdate = undefined;
          await concurrent?.();
          return repository.update(...update);
        },
      };
    },
  };
});

let t: TestApp;
let smtp: TestSmtpServer;
let f: LiftFixtures;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // The order mails go to the customer and every admin: the hourly limits would stop the table's walk.
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_SENDER_HOURLY_LIMIT: '1000',
    MAIL_RECIPIENT_HOURLY_LIMIT: '1000',
  });
  f = await createLiftFixtures(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The mail to `to` with exactly `subject`, waiting for it: offers and orders say their number there. */
const mailWithSubject = (to: string, subject: string) =>
  vi.waitFor(
    () => {
      const found = smtp.received.find(
        (mail) => mail.subject === subject && [mail.to].flat().some((address) => address?.text.includes(to)),
      );
      if (!found) throw new Error(`no mail "${subject}" to ${to} yet`);
      return found;
    },
    { timeout: 10_000, interval: 50 },
  );
const offerMailOf = (answer: { json<T>(): T }) =>
  mailWithSubject(DEMO_EMAILS.customer, `Ihr Angebot ${answer.json<Project>().offer?.number}`);

type Who = 'dev' | 'admin' | 'customer_admin' | 'customer' | 'service_man';
const call = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.authHeaders(who), ...(payload ? { payload } : {}) });

/** A project of `userId` put straight into `state`, for the transition table. */
async function projectIn(state: ProjectState, userId = f.ids.customer): Promise<string> {
  const document: ProjectDocument = {
    name: `In ${state}`,
    siteAddress: '',
    lifts: [],
    items: [{ text: 'Panel', quantity: 1, unitPriceCents: 100 }],
    templateIds: [],
    cables: [],
    notes: '',
    state,
    totalCents: 100,
    history: [],
  };
  const [row] = await t.database.handle.db.insert(projects).values({ userId, project: document }).returning();
  if (!row) throw new Error('no project');
  return row.id;
}

describe('projects', () => {
  it('a customer requests an offer; the server sums and writes the history', async () => {
    const created = await call('customer', 'POST', '/api/projects/register', {
      project: { name: 'New lift', siteAddress: 'Hauptstr. 1', lifts: [{ stops: 5, loadKg: 630 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json<Project>();
    expect(project).toMatchObject({
      userId: f.ids.customer,
      project: {
        state: 'offerRequested',
        totalCents: 0,
        history: [{ action: 'created', to: 'offerRequested' }],
      },
    });
    // Line items are the lift company's.
    const items = await call('customer', 'POST', '/api/projects/register', {
      project: { name: 'Cheap', items: [{ text: 'Free lift', quantity: 1, unitPriceCents: 0 }] },
    });
    expect(items.statusCode).toBe(403);
    const priced = await call('admin', 'PUT', `/api/projects/${project.id}`, {
      project: {
        items: [
          { text: 'Panel', quantity: 2, unitPriceCents: 12_550 },
          { articleId: 'a-1', text: 'Button', quantity: 10, unitPriceCents: 199 },
        ],
        totalCents: 1,
      },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json<Project>().project.totalCents).toBe(2 * 12_550 + 10 * 199);
    expect(priced.json<Project>().project.history.at(-1)).toMatchObject({ action: 'edited' });
    const customerItems = await call('customer', 'PUT', `/api/projects/${project.id}`, {
      project: { items: [] },
    });
    expect(customerItems.statusCode).toBe(403);
  });

  it('an admin opens a project for a customer and must name one', async () => {
    const missing = await call('admin', 'POST', '/api/projects/register', {
      project: { name: 'For nobody' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fieldErrors: { userId: PROJECT_MSG.customerRequired } });
    const notCustomer = await call('admin', 'POST', '/api/projects/register', {
      project: { name: 'For a service man' },
      userId: f.ids.service_man,
    });
    expect(notCustomer.statusCode).toBe(404);
    const created = await call('admin', 'POST', '/api/projects/register', {
      project: { name: 'Quoted', state: 'preparingQuote' },
      userId: f.otherCustomerId,
    });
    expect(created.statusCode).toBe(201);
    const ordered = await call('admin', 'POST', '/api/projects/register', {
      project: { name: 'Ordered at once', state: 'ordered' },
      userId: f.otherCustomerId,
    });
    expect(ordered.statusCode).toBe(409);
  });

  it('scopes between two customers; service men see none', async () => {
    const foreign = await projectIn('offerRequested', f.otherCustomerId);
    const own = await projectIn('offerRequested');
    const ids = async (who: Who) =>
      (await call(who, 'GET', '/api/projects')).json<{ projects: Project[] }>().projects.map((p) => p.id);
    expect(await ids('customer')).toContain(own);
    expect(await ids('customer')).not.toContain(foreign);
    expect(await ids('customer_admin')).toContain(own);
    expect(await ids('customer_admin')).not.toContain(foreign);
    expect(await ids('admin')).toEqual(expect.arrayContaining([own, foreign]));
    expect(await ids('dev')).toEqual(expect.arrayContaining([own, foreign]));
    expect((await call('service_man', 'GET', '/api/projects')).statusCode).toBe(403);
    const hidden = await call('customer', 'GET', `/api/projects/${foreign}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: PROJECT_MSG.projectNotFound });
    expect(
      (await call('customer', 'PUT', `/api/projects/${foreign}`, { project: { state: 'canceledOffer' } }))
        .statusCode,
    ).toBe(404);
    const removed = await call('customer', 'POST', '/api/projects/deleteByIds', { ids: [foreign] });
    expect(removed.statusCode).toBe(404);
    expect((await call('admin', 'GET', `/api/projects/${foreign}`)).statusCode).toBe(200);
  });

  it('follows the transition table: every allowed move per actor, every other one refused with 409', async () => {
    for (const from of PROJECT_STATES) {
      for (const [who, actor] of [
        ['admin', 'staff'],
        ['dev', 'staff'],
        ['customer', 'customer'],
        ['customer_admin', 'customer'],
      ] as const) {
        for (const to of PROJECT_STATES) {
          if (to === from) continue;
          const id = await projectIn(from);
          const moved = await call(who, 'PUT', `/api/projects/${id}`, {
            project: { state: to },
            ...(to === 'ordered' ? { acceptTerms: true } : {}),
          });
          const allowed = PROJECT_TRANSITIONS[from][actor].includes(to);
          expect(moved.statusCode, `${who}: ${from} → ${to}: ${moved.body}`).toBe(allowed ? 200 : 409);
          if (allowed) {
            expect(moved.json<Project>().project).toMatchObject({ state: to });
            expect(moved.json<Project>().project.history).toContainEqual(
              expect.objectContaining({ action: 'state', from, to, userId: f.ids[who] }),
            );
            if (to === 'sentOffer') await offerMailOf(moved);
          } else {
            expect(moved.json()).toMatchObject({ message: PROJECT_MSG.transitionRefused });
          }
        }
      }
    }
  }, 240_000);

  it('refuses service men every write with 403', async () => {
    const id = await projectIn('offerRequested');
    const moved = await call('service_man', 'PUT', `/api/projects/${id}`, {
      project: { state: 'canceledOffer' },
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toEqual({ message: MSG.forbidden });
    const registered = await call('service_man', 'POST', '/api/projects/register', {
      project: { name: 'By a service man' },
      userId: f.ids.customer,
    });
    expect(registered.statusCode).toBe(403);
    expect((await call('service_man', 'POST', '/api/projects/deleteByIds', { ids: [id] })).statusCode).toBe(
      403,
    );
    expect((await call('service_man', 'GET', `/api/projects/${id}`)).statusCode).toBe(403);
    const [row] = await t.database.handle.db.select().from(projects).where(eq(projects.id, id));
    expect(row?.project.state).toBe('offerRequested');
  });

  it('sending the offer mails the customer a PDF; opening it marks it received', async () => {
    const id = await projectIn('preparingQuote');
    const sent = await call('admin', 'PUT', `/api/projects/${id}`, { project: { state: 'sentOffer' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<Project>().project.history.at(-1)).toMatchObject({ action: 'offerMailed' });
    expect(sent.json<Project>().offer?.number).toMatch(/^ANG-\d{4}-\d{5}$/);
    const mail = await offerMailOf(sent);
    const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mail.text).toContain(`/apps/projects/projects/${id}`);

    const opened = await call('customer', 'GET', `/api/projects/${id}`);
    expect(opened.json<Project>().project.state).toBe('receivedOffer');
    const ordered = await call('customer', 'PUT', `/api/projects/${id}`, {
      project: { state: 'ordered' },
      acceptTerms: true,
    });
    expect(ordered.json<Project>().project.state).toBe('ordered');
    // A request nobody quoted on yet may be withdrawn by the customer; an order not.
    const removed = await call('customer', 'POST', '/api/projects/deleteByIds', { ids: [id] });
    expect(removed.statusCode).toBe(409);
    const withdrawn = await projectIn('offerRequested');
    const gone = await call('customer', 'POST', '/api/projects/deleteByIds', { ids: [withdrawn] });
    expect(gone.json()).toEqual({ message: MSG.deleted, count: 1 });
  });

  it('attaches designs of the library: previews on the page and in the offer PDF', async () => {
    const template = await call('admin', 'POST', '/api/templates/register', {
      name: 'COP Vision',
      type: 'COP',
    });
    expect(template.statusCode, template.body).toBe(201);
    const templateId = template.json<{ id: string }>().id;
    const png = await sharp({ create: { width: 80, height: 240, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const preview = formData({}, { fileName: 'preview.png', type: 'image/png', content: png });
    const stored = await t.app.inject({
      method: 'POST',
      url: `/api/templates/${templateId}/preview`,
      headers: { ...(await t.authHeaders('admin')), ...preview.headers },
      payload: preview.payload,
    });
    expect(stored.statusCode, stored.body).toBe(200);

    const id = await projectIn('preparingQuote');
    const unknown = await call('admin', 'PUT', `/api/projects/${id}`, {
      project: { templateIds: [templateId, crypto.randomUUID()] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fieldErrors: { templateIds: MSG.invalidValue } });
    const attached = await call('admin', 'PUT', `/api/projects/${id}`, {
      project: { templateIds: [templateId] },
    });
    expect(attached.json<Project>().designs).toEqual([
      {
        id: templateId,
        name: 'COP Vision',
        type: 'COP',
        previewUrl: expect.stringMatching(/^\/api\/storage\/tableau-previews\//),
      },
    ]);
    // The customer sees the design with its preview, though the library itself is staff only.
    expect((await call('customer', 'GET', `/api/projects/${id}`)).json<Project>().designs).toHaveLength(1);

    const sent = await call('admin', 'PUT', `/api/projects/${id}`, { project: { state: 'sentOffer' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await offerMailOf(sent);
    const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    // The preview is embedded as an image of the PDF.
    expect(pdf?.content.toString('latin1')).toContain('/Subtype /Image');
  });

  it('refuses a change made on an old version', async () => {
    const id = await projectIn('offerRequested');
    const stale = await call('customer', 'PUT', `/api/projects/${id}`, {
      project: { name: 'Renamed' },
      baseVersion: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: MSG.staleVersion });
    const unknown = await call('admin', 'PUT', `/api/projects/${crypto.randomUUID()}`, {
      project: { name: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('checks the lifts: existing ones of the customer, active drive types, cables of the project', async () => {
    const refused = await call('customer', 'POST', '/api/projects/register', {
      project: {
        name: 'Wrong lifts',
        lifts: [
          { liftId: f.own.id },
          { liftId: f.foreign.id },
          { liftId: crypto.randomUUID() },
          { liftId: f.own.id },
          { stops: 4, driveType: 'steam' },
        ],
      },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: {
        'project.lifts.1.liftId': PROJECT_MSG.liftUnknown,
        'project.lifts.2.liftId': PROJECT_MSG.liftUnknown,
        'project.lifts.3.liftId': PROJECT_MSG.liftNamedTwice,
        'project.lifts.4.driveType': PROJECT_MSG.driveTypeUnknown,
      },
    });
    // Staff open a project only with lifts of the customer it is for.
    const foreignForCustomer = await call('admin', 'POST', '/api/projects/register', {
      project: { name: 'Not his lift', lifts: [{ liftId: f.foreign.id }] },
      userId: f.ids.customer,
    });
    expect(foreignForCustomer.json()).toMatchObject({
      fieldErrors: { 'project.lifts.0.liftId': PROJECT_MSG.liftUnknown },
    });
    const cablesWrong = await call('admin', 'POST', '/api/projects/register', {
      project: {
        name: 'Cables',
        lifts: [{ liftId: f.own.id }, { stops: 3, driveType: 'hydraulic' }],
        cables: [
          { liftId: f.own.id, status: 'installed' },
          { liftId: 'new-1', status: 'pending' },
          { liftId: 'new-0', status: 'pending' },
          { liftId: 'new-1', status: 'installed' },
        ],
      },
      userId: f.ids.customer,
    });
    expect(cablesWrong.statusCode).toBe(400);
    expect(cablesWrong.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: {
        'project.cables.2.liftId': PROJECT_MSG.cableLiftUnknown,
        'project.cables.3.liftId': PROJECT_MSG.cableLiftUnknown,
      },
    });
    const created = await call('admin', 'POST', '/api/projects/register', {
      project: {
        name: 'Cables',
        lifts: [{ liftId: f.own.id }, { stops: 3, driveType: 'hydraulic' }],
        cables: [
          { liftId: f.own.id, status: 'installed' },
          { liftId: 'new-1', status: 'pending' },
        ],
      },
      userId: f.ids.customer,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Project>().id;

    // A deactivated drive type is refused for a new lift, but stays on the lift that has it.
    await t.database.handle.db
      .update(baseEntries)
      .set({ active: false })
      .where(sql`${baseEntries.category} = 'driveType' and ${baseEntries.key} = 'hydraulic'`);
    try {
      const kept = await call('admin', 'PUT', `/api/projects/${id}`, {
        project: {
          lifts: [{ liftId: f.own.id }, { stops: 4, driveType: 'hydraulic' }],
          cables: [{ liftId: 'new-1', status: 'installed' }],
        },
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const added = await call('admin', 'PUT', `/api/projects/${id}`, {
        project: {
          lifts: [{ liftId: f.own.id }, { stops: 4, driveType: 'hydraulic' }, { driveType: 'hydraulic' }],
        },
      });
      expect(added.statusCode).toBe(200);
      const otherKey = await call('admin', 'PUT', `/api/projects/${id}`, {
        project: { lifts: [{ liftId: f.own.id }, { stops: 4, driveType: 'mrl' }, { liftId: f.foreign.id }] },
      });
      expect(otherKey.statusCode).toBe(400);
      expect(otherKey.json()).toMatchObject({
        fieldErrors: { 'project.lifts.2.liftId': PROJECT_MSG.liftUnknown },
      });
      expect(Object.keys(otherKey.json<{ fieldErrors: object }>().fieldErrors)).toEqual([
        'project.lifts.2.liftId',
      ]);
    } finally {
      await t.database.handle.db
        .update(baseEntries)
        .set({ active: true })
        .where(sql`${baseEntries.category} = 'driveType' and ${baseEntries.key} = 'hydraulic'`);
    }
    const badCable = await call('admin', 'PUT', `/api/projects/${id}`, {
      project: { cables: [{ liftId: crypto.randomUUID(), status: 'installed' }] },
    });
    expect(badCable.json()).toMatchObject({
      fieldErrors: { 'project.cables.0.liftId': PROJECT_MSG.cableLiftUnknown },
    });
    // A lift taken out of the project takes its cable status along.
    const fewer = await call('admin', 'PUT', `/api/projects/${id}`, {
      project: { lifts: [{ stops: 4, driveType: 'hydraulic' }] },
    });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json<Project>().project.cables).toEqual([]);
    expect(fewer.json<Project>().project.history.at(-1)?.changes).toEqual([
      { field: 'lifts' },
      { field: 'cables' },
    ]);
  });

  it('records what an edit changed, from and to', async () => {
    const id = await projectIn('offerRequested');
    const long = 'x'.repeat(200);
    const renamed = await call('customer', 'PUT', `/api/projects/${id}`, {
      project: { name: 'Renamed', notes: long, siteAddress: '' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const edited = renamed.json<Project>().project.history.at(-1);
    expect(edited).toMatchObject({ action: 'edited', userId: f.ids.customer });
    expect(edited?.changes).toEqual([
      { field: 'name', from: 'In offerRequested', to: 'Renamed' },
      { field: 'notes', from: '', to: `${'x'.repeat(79)}…` },
    ]);
    const priced = await call('admin', 'PUT', `/api/projects/${id}`, {
      project: { items: [{ text: 'Panel', quantity: 3, unitPriceCents: 100 }], state: 'preparingQuote' },
    });
    const history = priced.json<Project>().project.history;
    expect(history.slice(-2)).toMatchObject([
      {
        action: 'edited',
        userId: f.ids.admin,
        changes: [{ field: 'items' }, { field: 'totalCents', from: '100', to: '300' }],
      },
      { action: 'state', from: 'offerRequested', to: 'preparingQuote' },
    ]);
  });

  it('mails the offer only once its state is stored: a concurrent change answers 409 and mails nothing', async () => {
    const id = await projectIn('preparingQuote');
    const mailsBefore = smtp.received.length;
    race.beforeNextUpdate = async () => {
      await t.database.handle.db
        .update(projects)
        .set({ version: sql`${projects.version} + 1` })
        .where(eq(projects.id, id));
    };
    const sent = await call('admin', 'PUT', `/api/projects/${id}`, { project: { state: 'sentOffer' } });
    expect(sent.statusCode, sent.body).toBe(409);
    expect(sent.json()).toMatchObject({ message: MSG.staleVersion, current: { id, version: 2 } });
    expect(race.beforeNextUpdate).toBeUndefined();
    // Give a mail that had gone out the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(mailsBefore);
    expect((await call('admin', 'GET', `/api/projects/${id}`)).json<Project>().project.state).toBe(
      'preparingQuote',
    );

    // A failed mail stores nothing: the state stays, the answer is 502.
    const failing = vi.spyOn(t.app.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    try {
      const down = await call('admin', 'PUT', `/api/projects/${id}`, { project: { state: 'sentOffer' } });
      expect(down.statusCode).toBe(502);
      expect(down.json()).toEqual({ message: PROJECT_MSG.offerMailFailed });
    } finally {
      failing.mockRestore();
    }
    const after = (await call('admin', 'GET', `/api/projects/${id}`)).json<Project>();
    expect(after.project.state).toBe('preparingQuote');
    expect(after.version).toBe(2);
  });

  it('refuses to send an offer without line items: the customer was mailed 0,00 € before', async () => {
    const id = await projectIn('preparingQuote');
    await t.database.handle.db
      .update(projects)
      .set({ project: sql`jsonb_set(jsonb_set(${projects.project}, '{items}', '[]'), '{totalCents}', '0')` })
      .where(eq(projects.id, id));
    const mailsBefore = smtp.received.length;
    const sent = await call('admin', 'PUT', `/api/projects/${id}`, { project: { state: 'sentOffer' } });
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual({ message: PROJECT_MSG.offerWithoutItems });
    expect(smtp.received.length).toBe(mailsBefore);
  });

  it('the offer PDF carries the letterhead, its number, validity, net, VAT, gross and the payment terms', async () => {
    const id = await projectIn('preparingQuote');
    const items = [
      { text: 'Bedientableau Edelstahl', quantity: 1, unitPriceCents: 185_000 },
      { text: 'Außenruftaster', quantity: 5, unitPriceCents: 24_505 },
    ];
    expect((await call('admin', 'PUT', `/api/projects/${id}`, { project: { items } })).statusCode).toBe(200);
    // Staff preview it before sending: a draft, no number yet; the customer cannot open it yet.
    const preview = await call('admin', 'GET', `/api/projects/${id}/offer.pdf`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const draft = await pdfText(preview.rawPayload);
    expect(draft).toContain('Entwurf – die Nummer wird beim Versand vergeben');
    expect(draft).toContain('30 Tage ab Versand');
    const early = await call('customer', 'GET', `/api/projects/${id}/offer.pdf`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: PROJECT_MSG.offerNotSent });

    const sent = await call('admin', 'PUT', `/api/projects/${id}`, { project: { state: 'sentOffer' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const offer = sent.json<Project>().offer;
    expect(offer).toMatchObject({
      number: expect.stringMatching(/^ANG-\d{4}-\d{5}$/),
      validUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      terms: { vatPercent: 19, validityDays: 30 },
    });
    const mail = await offerMailOf(sent);
    const attachment = mail.attachments.find((file) => file.contentType === 'application/pdf');
    expect(attachment?.filename).toBe(`${offer?.number}.pdf`);
    const mailed = await pdfText(attachment?.content ?? Buffer.alloc(0));
    // Net 1.850,00 + 1.225,25 = 3.075,25 €; VAT 19 % = 584,2975 → 584,30 €; gross 3.659,55 €.
    for (const expected of [
      'Muster Aufzüge GmbH',
      'Musterstraße 1',
      '10115 Berlin',
      offer?.number ?? '-',
      'Gültig bis',
      'Bedientableau Edelstahl',
      '1.850,00 €',
      '245,05 €',
      '1.225,25 €',
      'Nettobetrag',
      '3.075,25 €',
      'zzgl. 19 % USt.',
      '584,30 €',
      'Gesamtbetrag (brutto)',
      '3.659,55 €',
      'Zahlungsbedingungen',
      'Zahlbar innerhalb von 14 Tagen',
    ]) {
      expect(mailed).toContain(expected);
    }
    expect(mailed.match(/Position/g) ?? []).toHaveLength(0);
    expect(mailed.match(/Pos\./g)).toHaveLength(1);

    // The customer opens the same offer from the portal, in English when asked; others do not see it.
    const opened = await call('customer', 'GET', `/api/projects/${id}/offer.pdf?lang=en`);
    expect(opened.statusCode).toBe(200);
    const english = await pdfText(opened.rawPayload);
    expect(english).toContain(offer?.number ?? '-');
    expect(english).toContain('€3,659.55');
    expect(english).toContain('plus 19 % VAT');
    const foreign = await projectIn('sentOffer', f.ids.customer_admin);
    expect((await call('customer', 'GET', `/api/projects/${foreign}/offer.pdf`)).statusCode).toBe(404);
    expect((await call('service_man', 'GET', `/api/projects/${id}/offer.pdf`)).statusCode).toBe(403);

    // What was sent stays as sent: staff take the offer back to revise the items.
    const locked = await call('admin', 'PUT', `/api/projects/${id}`, {
      project: { items: [...items, { text: 'Extra', quantity: 1, unitPriceCents: 1 }] },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ message: PROJECT_MSG.itemsLockedOffer });
  });

  it('settings change the letterhead, VAT and terms of the next offer', async () => {
    const written = await call('dev', 'POST', '/api/json/write', {
      data: JSON.stringify({
        company: {
          name: 'Lift & Co. KG',
          addressLines: ['Hafenweg 9', '20457 Hamburg'],
          vatPercent: 7,
          paymentTerms: 'Zahlbar sofort.',
          offerValidityDays: 10,
        },
      }),
    });
    expect(written.statusCode, written.body).toBe(200);
    try {
      const id = await projectIn('preparingQuote');
      const sent = await call('admin', 'PUT', `/api/projects/${id}`, { project: { state: 'sentOffer' } });
      expect(sent.json<Project>().offer?.terms).toEqual({
        vatPercent: 7,
        paymentTerms: 'Zahlbar sofort.',
        validityDays: 10,
      });
      const mail = await offerMailOf(sent);
      const text = await pdfText(mail.attachments[0]?.content ?? Buffer.alloc(0));
      expect(text).toContain('Lift & Co. KG');
      expect(text).toContain('20457 Hamburg');
      // 1,00 € net: 7 % is 0,07 €.
      expect(text).toContain('zzgl. 7 % USt.');
      expect(text).toContain('0,07 €');
      expect(text).toContain('1,07 €');
      expect(text).toContain('Zahlbar sofort.');
    } finally {
      await call('dev', 'POST', '/api/json/write', { data: '{}' });
    }
  });

  it('ordering needs the terms accepted, gives an order number and mails the customer and the staff', async () => {
    const id = await projectIn('preparingQuote');
    const sent = await call('admin', 'PUT', `/api/projects/${id}`, { project: { state: 'sentOffer' } });
    await offerMailOf(sent);
    const unconfirmed = await call('customer', 'PUT', `/api/projects/${id}`, {
      project: { state: 'ordered' },
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual({
      message: PROJECT_MSG.termsRequired,
      fieldErrors: { acceptTerms: PROJECT_MSG.termsRequired },
    });
    const ordered = await call('customer', 'PUT', `/api/projects/${id}`, {
      project: { state: 'ordered' },
      acceptTerms: true,
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const project = ordered.json<Project>();
    expect(project.order).toEqual({
      number: expect.stringMatching(/^A-\d{4}-\d{5}$/),
      at: expect.any(String),
      byId: f.ids.customer,
      byName: expect.any(String),
    });
    expect(Date.now() - Date.parse(project.order?.at ?? '')).toBeLessThan(60_000);
    const number = project.order?.number ?? '-';
    const toCustomer = await mailWithSubject(DEMO_EMAILS.customer, `Auftragsbestätigung ${number}`);
    expect(toCustomer.text).toContain(project.offer?.number ?? '-');
    expect(toCustomer.text).toMatch(/Gesamtbetrag \(brutto\): 1,19\s€/);
    const toStaff = await mailWithSubject(DEMO_EMAILS.admin, `Neuer Auftrag ${number}`);
    expect(toStaff.text).toContain(`/apps/projects/projects/${id}`);
    // The order number is unique: the next order gets the next one.
    const second = await projectIn('receivedOffer');
    const next = await call('customer', 'PUT', `/api/projects/${second}`, {
      project: { state: 'ordered' },
      acceptTerms: true,
    });
    expect(next.json<Project>().order?.number).not.toBe(number);
    expect(Number(next.json<Project>().order?.number.slice(-5))).toBeGreaterThan(Number(number.slice(-5)));
  });

  it('refuses to order an offer past its validity', async () => {
    const id = await projectIn('receivedOffer');
    await t.database.handle.db
      .update(projects)
      .set({
        offerNumber: `ANG-2020-${id.slice(0, 5)}`,
        offeredAt: new Date('2020-01-01'),
        offerValidUntil: '2020-01-31',
      })
      .where(eq(projects.id, id));
    const late = await call('customer', 'PUT', `/api/projects/${id}`, {
      project: { state: 'ordered' },
      acceptTerms: true,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: PROJECT_MSG.offerExpired });
  });
});
