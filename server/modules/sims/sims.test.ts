import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import type { Role } from '../../../contract/roles';
import type { Sim } from '../../../contract/schemas/sim';
import { SIM_MSG } from '../../../contract/sim-messages';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../../tests/server/helpers/app';
import { TEST_DB_KIND } from '../../../tests/server/helpers/database';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/server/helpers/smtp';
import { lifts } from '../../db/schema/lifts';
import { simTopups } from '../../db/schema/sims';
import { REFRESH_LOCK_KEY } from './sim-sync';

/** SIM management (docs/sims.md) over the built-in simulator, with mails to a real SMTP server. */

const LOW = '89490200000000000011'; // 60 of 500 MB: below 20 %
const FULL = '89490200000000000022'; // 400 of 500 MB
const EMPTY = '89490200000000000033'; // nothing left, in no lift
const TOPUP_TO = ['orders@topup.test', 'billing@topup.test'];

let smtp: TestSmtpServer;
let t: TestApp;
let simToken: string;
const liftIds: Record<string, string> = {};

async function openSimSession(role: Role = 'admin', password = DEMO_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sims/authenticate',
    headers: await t.authHeaders(role),
    payload: { email: DEMO_EMAILS[role], password },
  });
}

async function post(url: string, payload: object, role: Role = 'admin') {
  return t.app.inject({ method: 'POST', url, headers: await t.authHeaders(role), payload });
}

async function refreshAndWait() {
  const started = await post('/api/sims/refresh', { access_token: simToken });
  expect(started.statusCode, started.body).toBe(200);
  await vi.waitFor(
    async () => {
      const state = await t.app.inject({
        url: `/api/sims/refresh?access_token=${encodeURIComponent(simToken)}`,
        headers: await t.authHeaders('admin'),
      });
      expect(state.json()).toMatchObject({ running: false });
    },
    { timeout: 10_000, interval: 50 },
  );
}

const mailsTo = (address: string) =>
  smtp.received.filter((mail) =>
    [mail.to]
      .flat()
      .flatMap((entry) => entry?.value ?? [])
      .some((entry) => entry.address === address),
  );

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, TOPUP_RECIPIENTS: TOPUP_TO.join(',') });
  const customer = (await t.signInAs('customer')).user.id;
  for (const [uid, imei, iccid] of [
    ['SIM-LOW', '356938035643901', LOW],
    ['SIM-FULL', '356938035643902', FULL],
  ] as const) {
    const response = await post('/api/lifts/register', {
      uid,
      address: `${uid} Straße 1, 10115 Berlin`,
      imei,
      iccid,
      customers: [customer],
    });
    expect(response.statusCode, response.body).toBe(201);
    liftIds[iccid] = response.json().id;
  }
  t.app.simSimulator?.upsert([
    { iccid: LOW, dataTotalMb: 500, dataLeftMb: 60 },
    { iccid: FULL, dataTotalMb: 500, dataLeftMb: 400 },
    { iccid: EMPTY, dataTotalMb: 500, dataLeftMb: 0 },
  ]);
  const opened = await openSimSession();
  expect(opened.statusCode, opened.body).toBe(200);
  simToken = opened.json().access_token;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('SIM session', () => {
  it('opens for one hour after the admin confirms his password', async () => {
    const response = await openSimSession();
    const { access_token, expiresAt } = response.json();
    expect(access_token).toEqual(expect.any(String));
    const lifetime = Date.parse(expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(3_590_000);
    expect(lifetime).toBeLessThanOrEqual(3_600_000);
  });

  it('refuses a wrong password or another account on the field, without ending the sign-in (no 401)', async () => {
    const wrong = await openSimSession('admin', 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: MSG.invalidCredentials,
      fieldErrors: { password: MSG.invalidCredentials },
    });
    const other = await post('/api/sims/authenticate', { email: DEMO_EMAILS.dev, password: DEMO_PASSWORD });
    expect(other.statusCode).toBe(400);
  });

  it('checks and resumes a token without extending it', async () => {
    const check = await t.app.inject({
      url: `/api/sims-app/sims?access_token=${encodeURIComponent(simToken)}`,
      headers: await t.authHeaders('admin'),
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ valid: true });
    const resumed = await post('/api/sims/authenticatewithtoken', { access_token: simToken });
    expect(resumed.json()).toEqual({ access_token: simToken, expiresAt: check.json().expiresAt });
  });

  it('is admin only: 403 for the lower roles, 401 for guests', async () => {
    for (const role of ['customer_admin', 'customer', 'service_man'] as const) {
      for (const [url, payload] of [
        ['/api/sims/authenticate', { email: DEMO_EMAILS[role], password: DEMO_PASSWORD }],
        ['/api/sims', { access_token: simToken }],
        ['/api/sims/details', { access_token: simToken, iccid: LOW }],
        ['/api/sims/refresh', { access_token: simToken }],
      ] as const) {
        expect((await post(url, payload, role)).statusCode, `${role} ${url}`).toBe(403);
      }
      const check = await t.app.inject({
        url: `/api/sims-app/sims?access_token=${encodeURIComponent(simToken)}`,
        headers: await t.authHeaders(role),
      });
      expect(check.statusCode).toBe(403);
    }
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/sims',
      payload: { access_token: simToken },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('the SIM token opens nothing alone and nothing else: not as a bearer, not for another admin', async () => {
    const asBearer = await t.app.inject({
      url: '/api/lifts/getByPagination',
      headers: { authorization: `Bearer ${simToken}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const simCallAsBearer = await t.app.inject({
      method: 'POST',
      url: '/api/sims',
      headers: { authorization: `Bearer ${simToken}` },
      payload: { access_token: simToken },
    });
    expect(simCallAsBearer.statusCode).toBe(401);
    // The dev may manage SIMs too, but with his own SIM session, not the admin's.
    const foreign = await post('/api/sims', { access_token: simToken }, 'dev');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(SIM_MSG.simSessionInvalid);
    const forged = await post('/api/sims', { access_token: `${simToken.slice(0, -2)}AA` });
    expect(forged.statusCode).toBe(403);
    // A user's access token is no SIM token either.
    const bearer = (await t.authHeaders('admin')).authorization.slice('Bearer '.length);
    expect((await post('/api/sims', { access_token: bearer })).statusCode).toBe(403);
  });

  it('is refused after an hour', async () => {
    const fresh = (await openSimSession()).json().access_token as string;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3_601_000);
      const list = await post('/api/sims', { access_token: fresh });
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe(SIM_MSG.simSessionInvalid);
      expect((await post('/api/sims/authenticatewithtoken', { access_token: fresh })).statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('SIM cards from the provider', () => {
  it('refreshes every card: the list, the lift each is in, the 20 % rule, the lifts’ SIM volume status', async () => {
    await refreshAndWait();
    const response = await post('/api/sims', { access_token: simToken, pageSize: 100 });
    expect(response.statusCode, response.body).toBe(200);
    const { sims, count, topupConfigured } = response.json() as {
      sims: Sim[];
      count: number;
      topupConfigured: boolean;
    };
    expect(count).toBe(3);
    expect(topupConfigured).toBe(true);
    const byIccid = new Map(sims.map((sim) => [sim.iccid, sim]));
    expect(byIccid.get(LOW)).toMatchObject({
      level: 'low',
      dataLeftMb: 60,
      dataTotalMb: 500,
      status: 'Enabled',
      currentQuotaMb: 500,
      quotaStatus: 1,
      smsLeft: 250,
      lift: { uid: 'SIM-LOW' },
      imsi: expect.any(String),
      msisdn: expect.any(String),
      ipAddress: expect.any(String),
      activationDate: expect.any(String),
      lastSyncedAt: expect.any(String),
    });
    expect(byIccid.get(FULL)).toMatchObject({ level: 'sufficient', lift: { uid: 'SIM-FULL' } });
    expect(byIccid.get(EMPTY)).toMatchObject({ level: 'empty', dataLeftMb: 0, lift: null, quotaStatus: 2 });

    const lift = async (iccid: string) =>
      (
        await t.app.inject({ url: `/api/lifts/${liftIds[iccid]}`, headers: await t.authHeaders('admin') })
      ).json();
    expect(await lift(LOW)).toMatchObject({ simVolumeStatus: 'low', simDataLeftMb: 60 });
    expect(await lift(FULL)).toMatchObject({ simVolumeStatus: 'sufficient', simDataLeftMb: 400 });
  });

  it('mails the admins once per crossing below 20 % and to empty', async () => {
    await vi.waitFor(() => expect(mailsTo(DEMO_EMAILS.admin)).toHaveLength(2), { timeout: 5000 });
    const subjects = mailsTo(DEMO_EMAILS.admin).map((mail) => mail.subject ?? '');
    expect(subjects.some((subject) => subject.includes(LOW) && subject.includes('20 %'))).toBe(true);
    expect(subjects.some((subject) => subject.includes(EMPTY))).toBe(true);

    await refreshAndWait(); // nothing crossed: no new mail
    t.app.simSimulator?.addUsage(FULL, 330); // 70 of 500 MB left
    await refreshAndWait();
    await vi.waitFor(() => expect(mailsTo(DEMO_EMAILS.admin)).toHaveLength(3), { timeout: 5000 });
    expect(mailsTo(DEMO_EMAILS.admin)[2]?.text).toContain('SIM-FULL');
    const lift = await t.app.inject({
      url: `/api/lifts/${liftIds[FULL]}`,
      headers: await t.authHeaders('admin'),
    });
    expect(lift.json()).toMatchObject({ simVolumeStatus: 'low', simDataLeftMb: 70 });
  });

  it('searches by ICCID and by lift, lists only low cards, pages', async () => {
    const list = async (body: object) =>
      (await post('/api/sims', { access_token: simToken, ...body })).json() as { sims: Sim[]; count: number };
    expect((await list({ search: 'sim-low' })).sims.map((sim) => sim.iccid)).toEqual([LOW]);
    expect((await list({ search: EMPTY.slice(-6) })).count).toBe(1);
    expect((await list({ lowOnly: true })).count).toBe(3);
    const page = await list({ page: 2, pageSize: 2 });
    expect(page.count).toBe(3);
    expect(page.sims).toHaveLength(1);
    expect((await post('/api/sims', { access_token: simToken, pageSize: 101 })).statusCode).toBe(400);
  });

  it('takes the low share from the settings document (sims.lowVolumePercent), lifts and mirrors too', async () => {
    const list = async (body: object) =>
      (await post('/api/sims', { access_token: simToken, ...body })).json() as { sims: Sim[]; count: number };
    const lift = async (iccid: string) =>
      (
        await t.app.inject({ url: `/api/lifts/${liftIds[iccid]}`, headers: await t.authHeaders('admin') })
      ).json();
    const position = async (iccid: string) =>
      (
        await t.app.db
          .select({ seq: lifts.syncSeq, version: lifts.version })
          .from(lifts)
          .where(eq(lifts.id, liftIds[iccid] ?? ''))
      )[0];
    const before = await position(LOW);
    // 60 of 500 MB (12 %) and 70 of 500 MB (14 %) are not low below 10 %; an empty card still is.
    const written = await post('/api/json/write', { data: '{ "sims": { "lowVolumePercent": 10 } }' });
    expect(written.statusCode, written.body).toBe(200);
    expect((await list({ search: 'sim-low' })).sims[0]).toMatchObject({ level: 'sufficient' });
    expect((await list({ lowOnly: true })).sims.map((sim) => sim.iccid)).toEqual([EMPTY]);
    expect(await lift(LOW)).toMatchObject({ simVolumeStatus: 'sufficient', simDataLeftMb: 60 });
    // The lift's status changed without a write of its own: a new sync position, the same version.
    const after = await position(LOW);
    expect(after?.seq).toBeGreaterThan(before?.seq ?? Number.POSITIVE_INFINITY);
    expect(after?.version).toBe(before?.version);

    expect((await post('/api/json/write', { data: '{}' })).statusCode).toBe(200);
    expect(await lift(LOW)).toMatchObject({ simVolumeStatus: 'low' });
    expect((await list({ lowOnly: true })).count).toBe(3);
  });
});

describe('the refresh in several processes', () => {
  // PGlite has one connection, on which the lock is taken again; the case is PostgreSQL's.
  it.runIf(TEST_DB_KIND === 'postgres')(
    'runs in one process at a time: a held advisory lock skips it',
    async () => {
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      const leftOf = async () =>
        ((await post('/api/sims', { access_token: simToken, search: FULL })).json() as { sims: Sim[] })
          .sims[0]?.dataLeftMb;
      const before = await leftOf();
      t.app.simSimulator?.addUsage(FULL, 5);
      try {
        await other.query('select pg_advisory_lock($1)', [REFRESH_LOCK_KEY]);
        await refreshAndWait();
        expect(await leftOf()).toBe(before);
      } finally {
        await other.query('select pg_advisory_unlock($1)', [REFRESH_LOCK_KEY]);
        await other.end();
      }
      await refreshAndWait();
      expect(await leftOf()).toBe((before ?? 0) - 5);
    },
  );
});

describe('POST /api/sims/{apiName}', () => {
  const operation = (apiName: string, body: object = {}) =>
    post(`/api/sims/${apiName}`, { access_token: simToken, iccid: LOW, ...body });

  it('answers 404 for an unknown operation and 400 for a malformed ICCID', async () => {
    const unknown = await operation('topUpEverything');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SIM_MSG.unknownSimOperation);
    const malformed = await operation('details', { iccid: '8949-ABC' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toHaveProperty('iccid');
  });

  it('answers each provider call with iccid added', async () => {
    const details = await operation('details');
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({
      iccid: LOW,
      iccid_with_luhn: expect.stringMatching(new RegExp(`^${LOW}\\d$`)),
      quota_status: { id: 1 },
      card: { iccid: LOW, level: 'low', lift: { uid: 'SIM-LOW' } },
      topupConfigured: true,
      topupOffer: { dataMb: 500, priceCents: 3500 },
    });
    const usage = (await operation('usage')).json();
    expect(usage.iccid).toBe(LOW);
    expect(usage.stats).toHaveLength(30);
    expect((await operation('dataQuota')).json()).toMatchObject({
      iccid: LOW,
      volume: 60,
      total_volume: 500,
    });
    expect((await operation('smsQuota')).json()).toMatchObject({ iccid: LOW, total_volume: 250 });
    expect((await operation('status')).json()).toMatchObject({ iccid: LOW, status: 'ONLINE' });
    expect((await operation('connectivity')).json()).toMatchObject({ iccid: LOW });
    expect((await operation('reset')).json()).toEqual({
      iccid: LOW,
      message: SIM_MSG.connectivityResetRequested,
    });
    expect((await operation('sms', { payload: 'STATUS' })).json()).toEqual({
      iccid: LOW,
      message: SIM_MSG.smsSent,
    });
    expect((await operation('sms')).statusCode).toBe(400);
    const events = (await operation('events')).json();
    expect(events.iccid).toBe(LOW);
    expect(events.events.slice(0, 2).map((event: { event_type: string }) => event.event_type)).toEqual([
      'MT-SMS submitted',
      'Connectivity reset requested',
    ]);
  });

  it("passes the provider's message and status on", async () => {
    const missing = await operation('details', { iccid: '89490200000000000099' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'SIM not found.', provider: { status: 404 } });
    t.app.simSimulator?.failNext(1, 422, {
      message: 'The following SIMs are expired and cannot be modified via API.',
    });
    const expired = await operation('reset');
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('The following SIMs are expired and cannot be modified via API.');
    t.app.simSimulator?.failNext(10, 503);
    const down = await operation('status');
    expect(down.statusCode).toBe(502);
  }, 30_000);

  it('requests a top-up by mail to both recipients; a second within a day asks first', async () => {
    const first = await operation('requestTopup');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      iccid: LOW,
      message: MSG.emailSent,
      recipients: 2,
      offer: { dataMb: 500, priceCents: 3500 },
    });
    for (const to of TOPUP_TO) {
      const mail = await smtp.nextMailTo(to);
      expect(mail.subject).toContain(LOW);
      expect(mail.text).toContain('SIM-LOW');
      expect(mail.text).toContain('SIM-LOW Straße 1, 10115 Berlin');
      expect(mail.text).toContain(DEMO_EMAILS.admin);
      expect(mail.text).toMatch(/60 MB/);
      expect(mail.subject).toMatch(/500 MB für 35 Euro|500 MB for 35 euros/);
    }
    const again = await operation('requestTopup');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: SIM_MSG.topupRecentlyRequested,
      current: { requestedAt: first.json().requestedAt },
    });
    const confirmed = await operation('requestTopup', { confirm: true });
    expect(confirmed.statusCode).toBe(200);
    const listed = (await post('/api/sims', { access_token: simToken, search: LOW })).json();
    expect(listed.sims[0].lastTopup).toMatchObject({ requestedAt: confirmed.json().requestedAt });
    expect(listed.topupOffer).toEqual({ dataMb: 500, priceCents: 3500 });
  });

  it('offers, mails and records the top-up of the settings (sims.topUpDataMb, sims.topUpPriceCents)', async () => {
    const written = await post('/api/json/write', {
      data: '{ "sims": { "topUpDataMb": 1000, "topUpPriceCents": 4950 } }',
    });
    expect(written.statusCode, written.body).toBe(200);
    try {
      const listed = (await post('/api/sims', { access_token: simToken, search: LOW })).json();
      expect(listed.topupOffer).toEqual({ dataMb: 1000, priceCents: 4950 });
      const requested = await operation('requestTopup', { confirm: true });
      expect(requested.statusCode, requested.body).toBe(200);
      expect(requested.json().offer).toEqual({ dataMb: 1000, priceCents: 4950 });
      for (const to of TOPUP_TO) {
        // The confirmed request of the test before mailed too: the newest mail is this one.
        let mail = await smtp.nextMailTo(to);
        while (!mail.subject?.includes('1.000 MB')) mail = await smtp.nextMailTo(to);
        // The admin's language is German: "1.000 MB für 49,50 Euro".
        expect(mail.subject).toContain('1.000 MB für 49,50 Euro');
        expect(mail.text).toContain('1.000 MB für 49,50 Euro');
      }
      const [row] = await t.app.db
        .select()
        .from(simTopups)
        .where(eq(simTopups.iccid, LOW))
        .orderBy(desc(simTopups.requestedAt))
        .limit(1);
      expect(row).toMatchObject({ offerDataMb: 1000, offerPriceCents: 4950 });
    } finally {
      expect((await post('/api/json/write', { data: '{}' })).statusCode).toBe(200);
    }
  });
});

describe('without TOPUP_RECIPIENTS', () => {
  it('says top-ups are off', async () => {
    const bare = await createTestApp();
    try {
      const headers = await bare.authHeaders('admin');
      const token = (
        await bare.app.inject({
          method: 'POST',
          url: '/api/sims/authenticate',
          headers,
          payload: { email: DEMO_EMAILS.admin, password: DEMO_PASSWORD },
        })
      ).json().access_token;
      const list = await bare.app.inject({
        method: 'POST',
        url: '/api/sims',
        headers,
        payload: { access_token: token },
      });
      expect(list.json()).toMatchObject({ count: 0, topupConfigured: false });
      const topup = await bare.app.inject({
        method: 'POST',
        url: '/api/sims/requestTopup',
        headers,
        payload: { access_token: token, iccid: LOW },
      });
      expect(topup.statusCode).toBe(503);
      expect(topup.json().message).toBe(SIM_MSG.topupNotConfigured);
    } finally {
      await bare.close();
    }
  });
});
