import { randomBytes } from 'node:crypto';
import { and, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lifts } from '../../db/schema/lifts';
import { sims } from '../../db/schema/sims';
import { definePlugin } from '../../lib/define-plugin';
import { createSimProviderClient, type SimProviderClient } from './once-client';
import { type SimSimulator, type SimulatorCardInput, startSimSimulator } from './simulator';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SIM provider (docs/sims.md): 1NCE, or the built-in simulator over HTTP. */
    simProvider: SimProviderClient;
    /** The built-in simulator when it is the provider; tests steer it. */
    simSimulator: SimSimulator | null;
  }
}

export interface SimProviderPluginOptions {
  provider: 'simulator' | '1nce';
  once: { apiUrl: string; clientId: string; clientSecret: string };
  /** Let the simulated cards' usage grow with the lifts' trips (demo mode); off in tests. */
  simulateUsage: boolean;
}

const MIB = 1024 * 1024;
/** What one trip costs a controller's card: its readings and their acknowledgements (about 10 KB). */
export const MB_PER_TRIP = 0.01;
const USAGE_TICK_MS = 60_000;

/**
 * The simulator's cards: the portal's own live SIM rows, as the demo seeded them or the last
 * refresh left them (a gone card stays gone).
 */
async function cardsFromDatabase(db: Database): Promise<SimulatorCardInput[]> {
  const rows = await db.select().from(sims).where(isNull(sims.goneAt));
  return rows.map((row) => ({
    iccid: row.iccid,
    ...(row.imsi ? { imsi: row.imsi } : {}),
    ...(row.msisdn ? { msisdn: row.msisdn } : {}),
    ...(row.ipAddress ? { ipAddress: row.ipAddress } : {}),
    ...(row.activationDate ? { activationDate: row.activationDate.toISOString() } : {}),
    imei: row.imei,
    imeiLock: row.imeiLock,
    status: row.status === 'Disabled' ? 'Disabled' : 'Enabled',
    label: row.label,
    dataTotalMb: row.quotaBytes / MIB,
    dataLeftMb: Math.max(0, row.quotaBytes - row.usedBytes) / MIB,
    ...(row.smsTotal !== null ? { smsTotal: row.smsTotal } : {}),
    ...(row.smsVolume !== null ? { smsLeft: row.smsVolume } : {}),
  }));
}

/**
 * Usage that grows as the virtual controllers report: every minute, the trips each lift gained
 * since the last look cost its card `MB_PER_TRIP` each (the first look only notes the counts).
 */
export function growUsageWithTrips(db: Database, simulator: SimSimulator): () => Promise<void> {
  const lastTrips = new Map<string, number>();
  const tick = async () => {
    const rows = await db
      .select({ iccid: lifts.iccid, trips: lifts.trips })
      .from(lifts)
      .where(and(isNotNull(lifts.iccid), isNull(lifts.deletedAt)));
    for (const row of rows) {
      if (!row.iccid) continue;
      const before = lastTrips.get(row.iccid);
      lastTrips.set(row.iccid, row.trips);
      if (before !== undefined && row.trips > before) {
        simulator.addUsage(row.iccid, (row.trips - before) * MB_PER_TRIP);
      }
    }
  };
  return tick;
}

/** `app.simProvider`: the 1NCE client, or the simulator started on loopback and a client of it. */
export const simProviderPlugin = definePlugin<SimProviderPluginOptions>(
  'sim-provider',
  async (app, options) => {
    if (options.provider === '1nce') {
      app.decorate(
        'simProvider',
        createSimProviderClient({
          baseUrl: options.once.apiUrl,
          clientId: options.once.clientId,
          clientSecret: options.once.clientSecret,
        }),
      );
      app.decorate('simSimulator', null);
      return;
    }

    // The simulator's own credentials, new each start: the client authenticates as it would at 1NCE.
    const clientId = 'lift-portal';
    const clientSecret = randomBytes(24).toString('base64url');
    const simulator = await startSimSimulator({
      clientId,
      clientSecret,
      cards: await cardsFromDatabase(app.db),
    });
    app.decorate('simSimulator', simulator);
    app.decorate('simProvider', createSimProviderClient({ baseUrl: simulator.url, clientId, clientSecret }));
    // On the leader only (server/plugins/jobs.ts), whose simulator the scheduled SIM refresh reads.
    if (options.simulateUsage) {
      app.jobs.every('simulated SIM usage', USAGE_TICK_MS, growUsageWithTrips(app.db, simulator), {
        firstDelayMs: 0,
      });
    }
    app.log.info({ url: simulator.url }, 'SIM provider: built-in simulator');
    app.addHook('onClose', async () => {
      await simulator.close();
    });
  },
);
