import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import type { Role } from '../../../contract/roles';
import type { ProjectDocument } from '../../../contract/schemas/project';
import { type User, UserSchema } from '../../../contract/schemas/user';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../../tests/server/helpers/app';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/server/helpers/smtp';
import { projects } from '../../db/schema/projects';

/**
 * The hourly limits on mails a user triggers (docs/api.md#rate-limits), with their defaults: 30 per
 * sender, 5 per recipient. Mails are counted where they arrive, at a real SMTP server.
 */

const TOPUP_TO = 'orders@topup.test';
const ICCID = '89490200000000000011';
const SENDER_LIMIT = 30;
const RECIPIENT_LIMIT = 5;

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, TOPUP_RECIPIENTS: TOPUP_TO });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${++counter}@quota.test`;

const mailsTo = (address: string) =>
  smtp.received.filter((mail) =>
    [mail.to]
      .flat()
      .flatMap((entry) => entry?.value ?? [])
      .some((entry) => entry.address?.toLowerCase() === address.toLowerCase()),
  );

/** Waits until `count` mails reached `address` (some are sent after the answer), then a moment for any extra. */
async function expectMailsTo(address: string, count: number) {
  await vi.waitFor(() => expect(mailsTo(address).length).toBeGreaterThanOrEqual(count), {
    timeout: 10_000,
    interval: 50,
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(mailsTo(address)).toHaveLength(count);
}

const post = async (app: TestApp, role: Role, url: string, payload: object = {}) =>
  app.app.inject({ method: 'POST', url, headers: await app.authHeaders(role), payload });

async function invite(role: Role, email: string): Promise<User> {
  const created = await post(t, role, '/api/users/register', {
    email,
    displayName: 'Neuer Monteur',
    role: 'service_man',
  });
  expect(created.statusCode, created.body).toBe(201);
  return v.parse(UserSchema, created.json());
}

/** A 429 of the mail limits: the message, and `Retry-After` within the hour. */
function expectLimited(response: Awaited<ReturnType<typeof post>>, message: string) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({ message });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

describe('invitations', () => {
  it('stops resends to one address after the per-recipient limit, with Retry-After', async () => {
    const email = uniqueEmail('resent');
    const invitee = await invite('customer', email);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const resent = await post(t, 'customer', `/api/users/${invitee.id}/invite`);
      statuses.push(resent.statusCode);
      if (resent.statusCode === 429) expectLimited(resent, MSG.tooManyMailsToAddress);
    }
    // The invitation and four resends went out; the other 21 resends did not.
    expect(statuses).toEqual([
      ...Array(RECIPIENT_LIMIT - 1).fill(200),
      ...Array(25 - RECIPIENT_LIMIT + 1).fill(429),
    ]);
    await expectMailsTo(email, RECIPIENT_LIMIT);
  });

  it('holds in another process on the same database, and frees the place an hour after a mail', async () => {
    const email = uniqueEmail('shared');
    const invitee = await invite('customer', email);
    for (let i = 1; i < RECIPIENT_LIMIT; i++) {
      expect((await post(t, 'customer', `/api/users/${invitee.id}/invite`)).statusCode).toBe(200);
    }
    // Without a worker of its own: two apps on one PGlite database would each take the other for a
    // dead process (server/realtime/cluster.ts); the first app's worker delivers its mails.
    const other = await createTestApp({ SMTP_URL: smtp.url, OUTBOX_POLL_MS: '0' }, t.database);
    try {
      const elsewhere = await post(other, 'customer', `/api/users/${invitee.id}/invite`);
      expectLimited(elsewhere, MSG.tooManyMailsToAddress);
      // The oldest mail to the address leaves the hour: one more may go.
      await t.app.db.execute(sql`
        update mail_sends set sent_at = sent_at - interval '1 hour'
        where id = (select id from mail_sends where recipient = ${email} order by sent_at limit 1)`);
      expect((await post(other, 'customer', `/api/users/${invitee.id}/invite`)).statusCode).toBe(200);
      expectLimited(await post(t, 'customer', `/api/users/${invitee.id}/invite`), MSG.tooManyMailsToAddress);
    } finally {
      await other.close();
    }
    await expectMailsTo(email, RECIPIENT_LIMIT + 1);
  });

  it('counts a mail queued while the mail server is down: it goes out later, once', async () => {
    const email = uniqueEmail('undelivered');
    const invitee = await invite('customer', email);
    // A process whose SMTP server does not answer, and no worker of its own: its mails wait in the
    // outbox, hold their places, and the first app's worker delivers them (docs/outbox.md).
    const broken = await createTestApp(
      { SMTP_URL: 'smtp://127.0.0.1:1?ignoreTLS=true', OUTBOX_POLL_MS: '0' },
      t.database,
    );
    try {
      for (let i = 1; i < RECIPIENT_LIMIT; i++) {
        expect((await post(broken, 'customer', `/api/users/${invitee.id}/invite`)).statusCode).toBe(200);
      }
      expectLimited(
        await post(broken, 'customer', `/api/users/${invitee.id}/invite`),
        MSG.tooManyMailsToAddress,
      );
    } finally {
      await broken.close();
    }
    t.app.outbox.wake();
    await expectMailsTo(email, RECIPIENT_LIMIT);
  });

  it('gives the last places once when resends arrive at the same moment', async () => {
    const email = uniqueEmail('together');
    const invitee = await invite('dev', email);
    const headers = await t.authHeaders('dev');
    // Enough at once that, on PostgreSQL, two would read the same count without the lock.
    const together = 40;
    const answers = await Promise.all(
      Array.from({ length: together }, () =>
        t.app.inject({ method: 'POST', url: `/api/users/${invitee.id}/invite`, headers }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([
      ...Array(RECIPIENT_LIMIT - 1).fill(200),
      ...Array(together + 1 - RECIPIENT_LIMIT).fill(429),
    ]);
    await expectMailsTo(email, RECIPIENT_LIMIT);
  });

  it('stops one sender after the per-sender limit across recipients; nobody is created past it', async () => {
    const emails = Array.from({ length: SENDER_LIMIT }, () => uniqueEmail('many'));
    for (const email of emails) await invite('customer_admin', email);
    const refusedEmail = uniqueEmail('many');
    const refused = await post(t, 'customer_admin', '/api/users/register', {
      email: refusedEmail,
      displayName: 'Einer zu viel',
      role: 'service_man',
    });
    expectLimited(refused, MSG.tooManyMailsSent);
    const found = await t.app.inject({
      url: `/api/users?search=${encodeURIComponent(refusedEmail)}`,
      headers: await t.authHeaders('customer_admin'),
    });
    expect(found.json().count).toBe(0);
    await expectMailsTo(refusedEmail, 0);
    await expectMailsTo(emails[0] ?? '', 1);
    // Another sender is not held up by this one.
    await invite('admin', refusedEmail);
    await expectMailsTo(refusedEmail, 1);
  });
});

describe('password resets', () => {
  const forgot = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/forgot-password', remoteAddress, payload: { email } });

  it('stops reset mails to one address after the per-recipient limit, from any address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= RECIPIENT_LIMIT + 2; i++) {
      const response = await forgot(DEMO_EMAILS.service_man, `203.0.113.${i}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expectLimited(response, MSG.tooManyMailsToAddress);
    }
    expect(statuses).toEqual([...Array(RECIPIENT_LIMIT).fill(200), 429, 429]);
    await expectMailsTo(DEMO_EMAILS.service_man, RECIPIENT_LIMIT);
  });

  it('answers an unknown email the same way, so the limit tells nothing about accounts', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= RECIPIENT_LIMIT + 1; i++) {
      statuses.push((await forgot('nobody@quota.test', `198.51.100.${i}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(RECIPIENT_LIMIT).fill(200), 429]);
  });
});

describe('SIM top-up requests', () => {
  it('are capped per recipient even with confirm: true', async () => {
    t.app.simSimulator?.upsert([{ iccid: ICCID, dataTotalMb: 500, dataLeftMb: 60 }]);
    const opened = await post(t, 'admin', '/api/sims/authenticate', {
      email: DEMO_EMAILS.admin,
      password: DEMO_PASSWORD,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const access_token: string = opened.json().access_token;
    const details = await post(t, 'admin', '/api/sims/details', { access_token, iccid: ICCID });
    expect(details.statusCode, details.body).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 17; i++) {
      const requested = await post(t, 'admin', '/api/sims/requestTopup', {
        access_token,
        iccid: ICCID,
        confirm: true,
      });
      statuses.push(requested.statusCode);
      if (requested.statusCode === 429) expectLimited(requested, MSG.tooManyMailsToAddress);
    }
    expect(statuses).toEqual([...Array(RECIPIENT_LIMIT).fill(200), ...Array(17 - RECIPIENT_LIMIT).fill(429)]);
    await expectMailsTo(TOPUP_TO, RECIPIENT_LIMIT);
  });
});

describe('offers', () => {
  /** A project of the demo customer, ready to be sent as an offer. */
  async function preparedProject(): Promise<string> {
    const customerId = (await t.signInAs('customer')).user.id;
    const document: ProjectDocument = {
      name: 'Offer to mail',
      siteAddress: '',
      lifts: [],
      items: [{ text: 'Panel', quantity: 1, unitPriceCents: 100 }],
      templateIds: [],
      cables: [],
      notes: '',
      state: 'preparingQuote',
      totalCents: 100,
      history: [],
    };
    const [row] = await t.database.handle.db
      .insert(projects)
      .values({ userId: customerId, project: document })
      .returning();
    if (!row) throw new Error('no project');
    return row.id;
  }

  it('are capped per customer; a refused offer stays unsent', async () => {
    const statuses: number[] = [];
    let lastId = '';
    for (let i = 0; i <= RECIPIENT_LIMIT; i++) {
      lastId = await preparedProject();
      const sent = await t.app.inject({
        method: 'PUT',
        url: `/api/projects/${lastId}`,
        headers: await t.authHeaders('admin'),
        payload: { project: { state: 'sentOffer' } },
      });
      statuses.push(sent.statusCode);
      if (sent.statusCode === 429) expectLimited(sent, MSG.tooManyMailsToAddress);
    }
    expect(statuses).toEqual([...Array(RECIPIENT_LIMIT).fill(200), 429]);
    const refused = await t.app.inject({
      url: `/api/projects/${lastId}`,
      headers: await t.authHeaders('admin'),
    });
    expect(refused.json().project.state).toBe('preparingQuote');
    await expectMailsTo(DEMO_EMAILS.customer, RECIPIENT_LIMIT);
  });
});
