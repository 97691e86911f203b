import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimProviderClient, SimProviderError } from './once-client';
import { type SimSimulator, type SimulatorCardInput, startSimSimulator, withLuhn } from './simulator';

/** The client over real HTTP against the simulator (docs/sims.md), with a clock the test moves. */

const CLIENT_ID = 'portal-client';
const CLIENT_SECRET = 'portal-secret';
const iccidOf = (n: number) => `8988280666${String(n).padStart(9, '0')}`;

let clock = Date.parse('2026-11-20T10:00:00Z');
const now = () => clock;
let simulator: SimSimulator;

const cards: SimulatorCardInput[] = Array.from({ length: 250 }, (_, i) => ({
  iccid: iccidOf(i + 1),
  dataTotalMb: 500,
  dataLeftMb: i === 0 ? 0 : i === 1 ? 60 : 400,
}));

function client(overrides: Partial<Parameters<typeof createSimProviderClient>[0]> = {}) {
  return createSimProviderClient({
    baseUrl: simulator.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    now,
    sleep: async () => {},
    ...overrides,
  });
}

beforeAll(async () => {
  simulator = await startSimSimulator({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, now, cards });
});
afterAll(() => simulator.close());

describe('SIM provider client against the simulator', () => {
  it('pages through 250 SIMs, 100 a page, with the totals from X-Total-Count and X-Total-Pages', async () => {
    const pages: number[] = [];
    const all = await client().listAllSims((page, number) => {
      pages.push(number);
      expect(page.totalCount).toBe(250);
      expect(page.totalPages).toBe(3);
    });
    expect(pages).toEqual([1, 2, 3]);
    expect(all).toHaveLength(250);
    expect(new Set(all.map((sim) => sim.iccid)).size).toBe(250);
    const [first] = all;
    expect(first).toMatchObject({
      iccid: iccidOf(1),
      iccid_with_luhn: withLuhn(iccidOf(1)),
      status: 'Enabled',
      current_quota: 500,
      quota_status: { id: 2 },
    });
    expect(all[1]?.quota_status?.id).toBe(1);
    expect(all[2]?.quota_status?.id).toBe(0);
  });

  it('caches the token, renews it before it ends and after it has ended', async () => {
    const sims = client();
    const issued = simulator.stats.tokensIssued;
    await sims.getSim(iccidOf(3));
    await sims.getSim(iccidOf(4));
    expect(simulator.stats.tokensIssued).toBe(issued + 1);

    clock += 3_560_000; // within the last minute of 3600 s: renewed ahead
    await sims.getSim(iccidOf(3));
    expect(simulator.stats.tokensIssued).toBe(issued + 2);

    clock += 3_700_000; // well past the end
    await sims.getDataQuota(iccidOf(3));
    expect(simulator.stats.tokensIssued).toBe(issued + 3);
  });

  it('renews the token once when the provider answers 401, and the call goes through', async () => {
    const sims = client();
    await sims.getSim(iccidOf(5));
    const issued = simulator.stats.tokensIssued;
    simulator.revokeTokens();
    const sim = await sims.getSim(iccidOf(5));
    expect(sim.iccid).toBe(iccidOf(5));
    expect(simulator.stats.tokensIssued).toBe(issued + 1);
  });

  it('retries 429 and 5xx with backoff, honouring Retry-After', async () => {
    const waits: number[] = [];
    const sims = client({ backoffMs: 100, sleep: async (ms) => void waits.push(ms) });
    await sims.getSim(iccidOf(6)); // the token first
    simulator.failNext(2, 429);
    simulator.failNext(1, 500);
    const served = simulator.stats.failuresServed;
    const quota = await sims.getDataQuota(iccidOf(6));
    expect(quota).toMatchObject({ volume: 400, total_volume: 500, threshold_percentage: 20 });
    expect(simulator.stats.failuresServed).toBe(served + 3);
    // Retry-After: 0 on the 429s; exponential backoff for the 500 (third attempt).
    expect(waits).toEqual([0, 0, 400]);
  });

  it('gives up after its retries with the provider status and message', async () => {
    const sims = client({ retries: 2 });
    await sims.getSim(iccidOf(7));
    simulator.failNext(3, 500, {
      statusCode: 500,
      errorCode: 'InternalServerError',
      message: 'Backend down',
    });
    const error = await sims.getSim(iccidOf(7)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SimProviderError);
    expect(error).toMatchObject({ status: 500, message: 'Backend down' });
  });

  it("passes the provider's message on for other errors, without retrying", async () => {
    const sims = client();
    const missing = await sims.getSim('8988280666999999999').catch((caught: unknown) => caught);
    expect(missing).toMatchObject({ status: 404, message: 'SIM not found.' });

    await sims.getSim(iccidOf(8));
    const served = simulator.stats.failuresServed;
    simulator.failNext(1, 422, {
      message: 'The following SIMs are expired and cannot be modified via API. Only extensions are permitted',
    });
    const expired = await sims.resetConnectivity(iccidOf(8)).catch((caught: unknown) => caught);
    expect(expired).toMatchObject({
      status: 422,
      message: 'The following SIMs are expired and cannot be modified via API. Only extensions are permitted',
    });
    expect(simulator.stats.failuresServed).toBe(served + 1);

    const wrongSecret = await client({ clientSecret: 'nope' })
      .getSim(iccidOf(8))
      .catch((caught: unknown) => caught);
    expect(wrongSecret).toMatchObject({ status: 400, message: 'User does not exist.' });
  });

  it('reads usage by day, events, quotas; sends an SMS and a connectivity reset', async () => {
    const sims = client();
    simulator.addUsage(iccidOf(9), 12.5);
    const end = new Date(clock);
    const start = new Date(clock - 29 * 86_400_000);
    const usage = await sims.getUsage(iccidOf(9), start, end);
    expect(usage.stats).toHaveLength(30);
    expect(Number(usage.stats.at(-1)?.data?.volume)).toBeGreaterThanOrEqual(12.5);
    expect((await sims.getDataQuota(iccidOf(9))).volume).toBe(387.5);

    await sims.sendSms(iccidOf(9), 'status?');
    expect((await sims.getSmsQuota(iccidOf(9))).volume).toBe(249);
    await sims.resetConnectivity(iccidOf(9));
    const events = await sims.getEvents(iccidOf(9));
    expect(events.events[0]?.event_type).toBe('Connectivity reset requested');
    expect(events.events[1]?.event_type).toBe('MT-SMS submitted');
    expect((await sims.getStatus(iccidOf(9))).status).toBe('ONLINE');
    expect((await sims.getConnectivityInfo(iccidOf(9))).subscriber_info?.success).toBe(true);
  });

  it('speaks the published token exchange: Basic credentials, JSON grant_type, bearer expiry', async () => {
    const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
    const tokenResponse = await fetch(`${simulator.url}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    const token = (await tokenResponse.json()) as Record<string, unknown>;
    expect(token).toMatchObject({ status_code: 200, token_type: 'bearer', expires_in: 3600 });
    const noGrant = await fetch(`${simulator.url}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noGrant.status).toBe(400);
    expect(await noGrant.json()).toMatchObject({ errorCode: 'BodyValidationError' });

    const authorization = `Bearer ${String(token.access_token)}`;
    const tooBig = await fetch(`${simulator.url}/v1/sims?pageSize=101`, { headers: { authorization } });
    expect(tooBig.status).toBe(400);
    const page = await fetch(`${simulator.url}/v1/sims?page=3&pageSize=100`, { headers: { authorization } });
    expect(page.headers.get('x-current-page')).toBe('3');
    expect(page.headers.get('x-count-per-page')).toBe('100');
    expect(((await page.json()) as unknown[]).length).toBe(50);

    clock += 3_600_000;
    const expired = await fetch(`${simulator.url}/v1/sims`, { headers: { authorization } });
    expect(expired.status).toBe(401);
  });
});
