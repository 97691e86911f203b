import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import { OutboxResponseSchema } from '../../../contract/schemas/account';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { pdfText } from '../../../tests/server/helpers/pdf-text';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/server/helpers/smtp';

describe('without SMTP_URL: the mail outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://portal.example.com' });
  });
  afterAll(() => t.close());

  it('keeps an invitation in DATA_DIR/mail-outbox, listed for devs with its links', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: await t.authHeaders('admin'),
      payload: { email: 'outbox@example.com', displayName: 'Otto Outbox', role: 'customer' },
    });
    expect(created.statusCode).toBe(201);
    await t.app.outbox.idle();

    expect(readdirSync(path.join(t.config.dataDir, 'mail-outbox'))).toHaveLength(1);
    const outbox = await t.app.inject({ url: '/api/email/outbox', headers: await t.authHeaders('dev') });
    const { mails } = v.parse(OutboxResponseSchema, outbox.json());
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'outbox@example.com', subject: 'Ihre Einladung zum Aufzugsportal' });
    expect(mails[0]?.links).toEqual([
      expect.stringMatching(/^https:\/\/portal\.example\.com\/register\/[\w-]+\/[\w-]+$/),
    ]);
    expect(mails[0]?.html).toContain(mails[0]?.links[0]);
  });

  it('shows the outbox to devs only', async () => {
    const response = await t.app.inject({ url: '/api/email/outbox', headers: await t.authHeaders('admin') });

    expect(response.statusCode).toBe(403);
  });

  it('keeps mails sent through sendMailOverGmailSMTP, newest first', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/email/sendMailOverGmailSMTP',
      headers: await t.authHeaders('admin'),
      payload: {
        to: 'someone@example.com',
        subject: 'SIM top-up',
        html: '<p>Please top up <b>SIM 1</b>.</p>',
      },
    });

    expect(response.json()).toEqual({ message: MSG.emailSent });
    await t.app.outbox.idle();
    const { mails } = (
      await t.app.inject({ url: '/api/email/outbox', headers: await t.authHeaders('dev') })
    ).json();
    expect(mails[0]).toMatchObject({
      to: 'someone@example.com',
      subject: 'SIM top-up',
      text: 'Please top up SIM 1.',
    });
  });

  it('keeps the offer PDF beside the mail, listed with it and downloadable by devs', async () => {
    const admin = await t.authHeaders('admin');
    const customerId = (await t.signInAs('customer')).user.id;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/projects/register',
      headers: admin,
      payload: {
        userId: customerId,
        project: {
          name: 'Outbox offer',
          state: 'preparingQuote',
          items: [{ text: 'Kabine', quantity: 1, unitPriceCents: 1_000_000 }],
        },
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const sent = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${registered.json<{ id: string }>().id}`,
      headers: admin,
      payload: { project: { state: 'sentOffer' } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const number = sent.json<{ offer: { number: string } }>().offer.number;

    const dev = await t.authHeaders('dev');
    const { mails } = v.parse(
      OutboxResponseSchema,
      (await t.app.inject({ url: '/api/email/outbox', headers: dev })).json(),
    );
    const mail = mails.find((entry) => entry.subject === `Ihr Angebot ${number}`);
    expect(mail?.attachments).toEqual([
      { filename: `${number}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    const file = await t.app.inject({ url: `/api/email/outbox/${mail?.id}/attachments/0`, headers: dev });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`${number}.pdf`);
    expect(file.rawPayload.length).toBe(mail?.attachments?.[0]?.size);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain(number);
    expect(text).toContain('11.900,00 €');

    const missing = await t.app.inject({ url: `/api/email/outbox/${mail?.id}/attachments/1`, headers: dev });
    expect(missing.statusCode).toBe(404);
    const unknown = await t.app.inject({
      url: `/api/email/outbox/${crypto.randomUUID()}/attachments/0`,
      headers: dev,
    });
    expect(unknown.statusCode).toBe(404);
    const byAdmin = await t.app.inject({
      url: `/api/email/outbox/${mail?.id}/attachments/0`,
      headers: admin,
    });
    expect(byAdmin.statusCode).toBe(403);
  });
});

describe('POST /api/email/sendMailOverGmailSMTP over SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_RATE_LIMIT: '2',
      MAIL_FROM: 'Portal <portal@example.com>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const send = async (role: 'admin' | 'dev' | 'customer_admin' | 'customer', to: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/email/sendMailOverGmailSMTP',
      headers: await t.authHeaders(role),
      payload: { to, subject: 'Hallo', html: '<p>Hallo Welt</p>' },
    });

  it('delivers an admin’s mail through SMTP', async () => {
    const response = await send('dev', 'smtp-target@example.com');

    expect(response.json()).toEqual({ message: MSG.emailSent });
    const mail = await smtp.nextMailTo('smtp-target@example.com');
    expect(mail.subject).toBe('Hallo');
    expect(mail.from?.text).toContain('portal@example.com');
    expect(mail.html).toContain('<p>Hallo Welt</p>');
  });

  it.each(['customer', 'customer_admin'] as const)('refuses %s with 403', async (role) => {
    const response = await send(role, 'nobody@example.com');

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MSG.forbidden });
  });

  it('limits each admin to MAIL_RATE_LIMIT mails a minute', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++)
      statuses.push((await send('admin', 'limit@example.com')).statusCode);

    expect(statuses).toEqual([200, 200, 429]);
    expect((await send('admin', 'limit@example.com')).json()).toEqual({ message: MSG.tooManyRequests });
  });

  it('refuses a bad recipient with a field error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/email/sendMailOverGmailSMTP',
      headers: await t.authHeaders('dev'),
      payload: { to: 'not-an-address', subject: '', html: '' },
    });

    expect(response.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { to: MSG.emailInvalid, subject: MSG.required, html: MSG.required },
    });
  });
});
