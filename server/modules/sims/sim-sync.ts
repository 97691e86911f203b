import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LANGUAGE } from '../../../contract/constants';
import type { ProviderQuota, ProviderSim, SimRefreshState } from '../../../contract/schemas/sim';
import type { Database, DatabaseKind } from '../../db/client';
import type { SimRow } from '../../db/schema/sims';
import { type SimProviderClient, SimProviderError } from '../../integrations/sim/once-client';
import type { OutboxService } from '../outbox/outbox.service';
import { settingsOf } from '../settings/settings.plugin';
import { lowVolumeMail, type SimMailCard } from './sim-mails';
import { toSim } from './sim-mapper';
import { dataLeftMb, dataTotalMb, type SimsRepository, type SimWithRelations } from './sims.repository';

/** Arbitrary but fixed: one process refreshes the cards at a time. */
export const REFRESH_LOCK_KEY = 727_465_015;
/** Cards whose quotas are read at the same time (the provider allows 10 requests a second). */
const CONCURRENCY = 4;

/** 0: enough left, 1: below `lowVolumePercent` (settings, 20 by default), 2: empty; null while the quota is unknown. */
function levelOf(row: Pick<SimRow, 'quotaBytes' | 'usedBytes'>, lowVolumePercent: number): 0 | 1 | 2 | null {
  const left = dataLeftMb(row);
  const total = dataTotalMb(row);
  if (left === null || total === null) return null;
  if (left <= 0) return 2;
  return left * 100 < total * lowVolumePercent ? 1 : 0;
}

export interface SimSyncOptions {
  db: Database;
  databaseKind: DatabaseKind;
  provider: SimProviderClient;
  repository: SimsRepository;
  outbox: OutboxService;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Keeps the portal's SIM rows in step with the provider (docs/sims.md): every card on a schedule
 * or on demand, one card when it is opened. After each card: the lift's offline copies learn a
 * changed figure, and a card that crossed below 20 % or ran empty mails the admins once.
 */
export function createSimSync({
  db,
  databaseKind,
  provider,
  repository,
  outbox,
  publicUrl,
  log,
}: SimSyncOptions) {
  const state: SimRefreshState = {
    running: false,
    done: 0,
    total: 0,
    startedAt: null,
    finishedAt: null,
    error: null,
  };
  let running: Promise<void> | null = null;

  const mailCard = (card: SimWithRelations): SimMailCard => ({
    iccid: card.row.iccid,
    msisdn: card.row.msisdn,
    lift: card.lift,
    dataLeftMb: dataLeftMb(card.row),
    dataTotalMb: dataTotalMb(card.row),
  });

  async function notifyCrossing(after: SimRow): Promise<void> {
    const { lowVolumePercent, topUpDataMb, topUpPriceCents } = settingsOf(db).sims;
    const level = levelOf(after, lowVolumePercent);
    if (level === null) return;
    // Back above a level (a top-up): crossing it again mails again.
    if (level < 2) await repository.lowerNotifiedLevel(after.iccid, level === 0 ? 0 : 1);
    if (level === 0) return;
    if (!(await repository.raiseNotifiedLevel(after.iccid, level))) return;
    const card = await repository.get(after.iccid);
    if (!card) return;
    const admins = await repository.admins();
    const cause = `sim-alert:${after.iccid}:${level}:${randomUUID()}`;
    await outbox.send(
      admins.map((admin) => ({
        channel: 'mail' as const,
        kind: 'sim-alert' as const,
        cause,
        userId: admin.id,
        to: admin.email,
        mail: lowVolumeMail(admin.settings.language ?? DEFAULT_LANGUAGE, {
          card: mailCard(card),
          empty: level === 2,
          lowVolumePercent,
          offer: { dataMb: topUpDataMb, priceCents: topUpPriceCents },
          displayName: admin.displayName,
          link: `${publicUrl}/apps/simcard/sim/${after.iccid}`,
        }),
      })),
    );
  }

  /** Stores one card's answer and reacts to what changed. */
  async function apply(sim: ProviderSim, data: ProviderQuota | null, sms: ProviderQuota | null) {
    const { before, after } = await repository.applyProviderSim(sim, data, sms);
    const figure = (row: SimRow | null) => (row ? Math.round((dataLeftMb(row) ?? -1) * 10) : null);
    if (figure(before) !== figure(after)) await repository.touchLiftsOf([after.iccid]);
    await notifyCrossing(after);
    return after;
  }

  /** Both quotas of a card; a card the provider refuses (say, expired: 422) keeps its last figures. */
  async function quotas(iccid: string) {
    try {
      const [data, sms] = await Promise.all([provider.getDataQuota(iccid), provider.getSmsQuota(iccid)]);
      return { data, sms, error: null };
    } catch (error) {
      if (!(error instanceof SimProviderError)) throw error;
      return { data: null, sms: null, error };
    }
  }

  /**
   * `pg_try_advisory_lock` on one connection: PGlite has one anyway; on PostgreSQL a transaction
   * holds a pooled connection for the lock while the work runs on the others.
   */
  async function withLock(work: () => Promise<void>): Promise<boolean> {
    const tryLock = async (runner: Pick<Database, 'execute'>) => {
      const result = await runner.execute(sql`select pg_try_advisory_lock(${REFRESH_LOCK_KEY}) as locked`);
      const rows = (result as unknown as { rows: { locked: boolean }[] }).rows;
      return rows[0]?.locked === true;
    };
    const unlock = (runner: Pick<Database, 'execute'>) =>
      runner.execute(sql`select pg_advisory_unlock(${REFRESH_LOCK_KEY})`);
    if (databaseKind === 'pglite') {
      if (!(await tryLock(db))) return false;
      try {
        await work();
      } finally {
        await unlock(db);
      }
      return true;
    }
    return db.transaction(async (tx) => {
      if (!(await tryLock(tx))) return false;
      try {
        await work();
      } finally {
        await unlock(tx);
      }
      return true;
    });
  }

  async function refreshEveryCard(): Promise<void> {
    const sims = await provider.listAllSims((page) => {
      state.total = page.totalCount;
    });
    state.total = sims.length;
    // Only after the whole list was read (a failed page throws above): a card it lacks is gone.
    const gone = await repository.markGoneExcept(sims.map((sim) => sim.iccid));
    if (gone.length > 0) log.info({ iccids: gone }, 'SIM cards no longer at the provider');
    let firstError: string | null = null;
    let next = 0;
    const worker = async () => {
      while (next < sims.length) {
        const sim = sims[next];
        next += 1;
        if (!sim) continue;
        const { data, sms, error } = await quotas(sim.iccid);
        if (error) firstError ??= error.message;
        await apply(sim, data, sms);
        state.done += 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    state.error = firstError;
  }

  return {
    state: (): SimRefreshState => ({ ...state }),

    /** Starts a refresh of every card unless one runs here; answers when it is over. */
    refreshAll(): Promise<void> {
      if (running) return running;
      Object.assign(state, {
        running: true,
        done: 0,
        total: 0,
        startedAt: new Date().toISOString(),
        finishedAt: null,
        error: null,
      });
      running = withLock(refreshEveryCard)
        .then((ran) => {
          if (!ran) log.info('SIM refresh skipped: another process is refreshing');
        })
        .catch((error: unknown) => {
          state.error = error instanceof SimProviderError ? error.message : 'The SIM refresh failed';
          log.error({ err: error }, 'SIM refresh failed');
        })
        .finally(() => {
          state.running = false;
          state.finishedAt = new Date().toISOString();
          running = null;
        });
      return running;
    },

    /** One card, fresh from the provider (when it is opened): the provider's SIM and the portal's row. */
    async refreshOne(iccid: string) {
      const sim = await provider.getSim(iccid);
      const { data, sms } = await quotas(iccid);
      await apply(sim, data, sms);
      const card = await repository.get(iccid);
      if (!card) throw new Error(`SIM ${iccid} not stored`);
      return { sim, card: toSim(card, settingsOf(db).sims.lowVolumePercent) };
    },

    mailCard,
  };
}
