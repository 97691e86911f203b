import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../contract/constants';
import type { Sim } from '../../../contract/schemas/sim';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../../tests/server/helpers/app';
import { lifts } from '../../db/schema/lifts';
import { sims } from '../../db/schema/sims';
import { type SimSimulator, startSimSimulator } from '../../integrations/sim/simulator';

/**
 * With a real provider (SIM_PROVIDER=1nce, here the 1NCE test server of
 * server/integrations/sim/simulator.ts on its own port) the SIM list is the provider's
 * (docs/sims.md#the-portals-sim-rows): the demo seeds no cards, and a refresh marks cards the
 * provider no longer lists as gone.
 */

const CLIENT_ID = 'portal-client';
const CLIENT_SECRET = 'portal-secret';
/** More than one page of the provider's list (100 a page). */
const PROVIDER_CARDS = 150;
const iccidOf = (n: number) => `8988280666${String(n).padStart(9, '0')}`;

let provider: SimSimulator;
let t: TestApp;
let simToken: string;

async function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: await t.authHeaders('admin'), payload });
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
      expect(state.json()).toMatchObject({ running: false, error: null });
    },
    { timeout: 60_000, interval: 100 },
  );
}

async function list(search?: string) {
  const response = await post('/api/sims', {
    access_token: simToken,
    page: 1,
    pageSize: 100,
    ...(search ? { search } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ sims: Sim[]; count: number }>();
}

beforeAll(async () => {
  provider = await startSimSimulator({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    cards: Array.from({ length: PROVIDER_CARDS }, (_, i) => ({
      iccid: iccidOf(i + 1),
      dataTotalMb: 500,
      dataLeftMb: 400,
    })),
  });
  // Demo mode (the demo lifts are seeded), the scheduled refresh off: the test refreshes itself.
  t = await createTestApp({
    NODE_ENV: 'development',
    SIM_PROVIDER: '1nce',
    ONCE_API_URL: provider.url,
    ONCE_CLIENT_ID: CLIENT_ID,
    ONCE_CLIENT_SECRET: CLIENT_SECRET,
    SIM_REFRESH_MINUTES: '0',
  });
  const opened = await post('/api/sims/authenticate', { email: DEMO_EMAILS.admin, password: DEMO_PASSWORD });
  expect(opened.statusCode, opened.body).toBe(200);
  simToken = opened.json().access_token;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('SIM cards with a real provider', () => {
  it("a demo-seeded portal lists only the provider's cards", async () => {
    expect(t.app.simSimulator).toBeNull();
    // No simulated demo cards before the first refresh...
    expect((await list()).count).toBe(0);
    await refreshAndWait();
    // ... and after it, exactly the provider's.
    const listed = await list();
    expect(listed.count).toBe(PROVIDER_CARDS);
    expect(listed.sims.every((sim) => sim.iccid.startsWith('8988280666'))).toBe(true);
  }, 120_000);

  it('a refresh marks a card the provider dropped as gone: not listed, not counted, still stored', async () => {
    const dropped = iccidOf(7);
    // A demo lift on that card: its SIM volume comes from the card while the provider lists it.
    const [lift] = await t.database.handle.db
      .update(lifts)
      .set({ iccid: dropped })
      .where(
        eq(
          lifts.uid,
          (await t.database.handle.db.select({ uid: lifts.uid }).from(lifts).limit(1))[0]?.uid ?? '',
        ),
      )
      .returning({ id: lifts.id });
    const liftVolume = async () =>
      (await t.app.inject({ url: `/api/lifts/${lift?.id}`, headers: await t.authHeaders('admin') })).json<{
        simVolumeStatus: string;
      }>().simVolumeStatus;
    expect(await liftVolume()).toBe('sufficient');
    provider.remove([dropped]);
    await refreshAndWait();
    // Gone: the card's last figures say nothing of the lift any more.
    expect(await liftVolume()).toBe('unknown');

    expect((await list()).count).toBe(PROVIDER_CARDS - 1);
    expect(await list(dropped)).toMatchObject({ count: 0, sims: [] });
    const lowOnly = await post('/api/sims', {
      access_token: simToken,
      page: 1,
      pageSize: 100,
      lowOnly: true,
    });
    expect(lowOnly.json().count).toBe(0);
    const [row] = await t.database.handle.db.select().from(sims).where(eq(sims.iccid, dropped));
    expect(row?.goneAt).toBeInstanceOf(Date);
    expect(row?.quotaBytes).toBe(500 * 1024 * 1024);

    // Back at the provider, it is live again.
    provider.upsert([{ iccid: dropped, dataTotalMb: 500, dataLeftMb: 300 }]);
    await refreshAndWait();
    expect((await list()).count).toBe(PROVIDER_CARDS);
    const [back] = await t.database.handle.db.select().from(sims).where(eq(sims.iccid, dropped));
    expect(back?.goneAt).toBeNull();
  }, 120_000);
});
