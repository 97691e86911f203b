import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { ProviderQuota, ProviderSim } from '../../../contract/schemas/sim';
import type { Database } from '../../db/client';
import { lifts } from '../../db/schema/lifts';
import { type SimRow, sims, simTopups } from '../../db/schema/sims';
import { users } from '../../db/schema/users';
import { likePattern } from '../../lib/like-pattern';

const MIB = 1024 * 1024;

export interface SimLift {
  id: string;
  uid: string;
  address: string;
}

export interface SimTopupRecord {
  requestedAt: Date;
  requestedBy: string | null;
}

export interface SimWithRelations {
  row: SimRow;
  lift: SimLift | null;
  lastTopup: SimTopupRecord | null;
}

export interface SimListOptions {
  page: number;
  pageSize: number;
  search?: string | undefined;
  lowOnly?: boolean | undefined;
  /** The settings document's `sims.lowVolumePercent`: what `lowOnly` counts as low. */
  lowVolumePercent: number;
}

/** Data left in MB of a row's current quota; null before the quota is known. */
export const dataLeftMb = (row: Pick<SimRow, 'quotaBytes' | 'usedBytes'>) =>
  row.quotaBytes > 0 ? Math.max(0, row.quotaBytes - row.usedBytes) / MIB : null;
export const dataTotalMb = (row: Pick<SimRow, 'quotaBytes'>) =>
  row.quotaBytes > 0 ? row.quotaBytes / MIB : null;

const date = (text: string | null | undefined) => {
  if (!text) return null;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};

/** The columns a provider SIM (and its quotas, when read) sets on the portal's row. */
function providerColumns(sim: ProviderSim, data: ProviderQuota | null, sms: ProviderQuota | null, at: Date) {
  return {
    iccidWithLuhn: sim.iccid_with_luhn || null,
    imsi: sim.imsi || null,
    msisdn: sim.msisdn || null,
    imei: sim.imei || null,
    imeiLock: sim.imei_lock ?? false,
    status: sim.status || 'Enabled',
    activationDate: date(sim.activation_date),
    ipAddress: sim.ip_address || null,
    currentQuotaMb: sim.current_quota ?? null,
    quotaStatus: sim.quota_status?.id ?? null,
    currentQuotaSms: sim.current_quota_SMS ?? null,
    quotaStatusSms: sim.quota_status_SMS?.id ?? null,
    label: sim.label || null,
    lastSyncedAt: at,
    updatedAt: at,
    // Listed by the provider (again): live.
    goneAt: null,
    ...(data
      ? {
          quotaBytes: Math.round(data.total_volume * MIB),
          usedBytes: Math.round(Math.max(0, data.total_volume - data.volume) * MIB),
          dataExpiryDate: date(data.expiry_date),
        }
      : {}),
    ...(sms ? { smsVolume: Math.round(sms.volume), smsTotal: Math.round(sms.total_volume) } : {}),
  };
}

export function createSimsRepository(db: Database) {
  function searchCondition(search: string | undefined): SQL | undefined {
    if (!search) return undefined;
    const pattern = likePattern(search);
    return or(
      ilike(sims.iccid, pattern),
      ilike(sims.imsi, pattern),
      ilike(sims.msisdn, pattern),
      ilike(sims.ipAddress, pattern),
      ilike(sims.label, pattern),
      exists(
        db
          .select({ one: sql`1` })
          .from(lifts)
          .where(
            and(
              eq(lifts.iccid, sims.iccid),
              isNull(lifts.deletedAt),
              or(ilike(lifts.uid, pattern), ilike(lifts.address, pattern)),
            ),
          ),
      ),
    );
  }

  /** Below the low-volume share left (`sims.lowVolumePercent`), or empty (docs/sims.md). */
  const lowCondition = (lowVolumePercent: number) =>
    and(
      gt(sims.quotaBytes, 0),
      lt(
        sql`(${sims.quotaBytes} - ${sims.usedBytes}) * 100`,
        sql`${sims.quotaBytes} * ${lowVolumePercent}::integer`,
      ),
    );

  /** The lift each card is in and its last top-up request, in two queries for any number of rows. */
  async function withRelations(rows: SimRow[]): Promise<SimWithRelations[]> {
    if (rows.length === 0) return [];
    const iccids = rows.map((row) => row.iccid);
    const [liftRows, topupRows] = await Promise.all([
      db
        .select({ id: lifts.id, uid: lifts.uid, address: lifts.address, iccid: lifts.iccid })
        .from(lifts)
        .where(and(inArray(lifts.iccid, iccids), isNull(lifts.deletedAt))),
      db
        .selectDistinctOn([simTopups.iccid], {
          iccid: simTopups.iccid,
          requestedAt: simTopups.requestedAt,
          requestedBy: users.displayName,
        })
        .from(simTopups)
        .leftJoin(users, eq(users.id, simTopups.requestedBy))
        .where(inArray(simTopups.iccid, iccids))
        .orderBy(simTopups.iccid, desc(simTopups.requestedAt)),
    ]);
    const liftByIccid = new Map(liftRows.map(({ iccid, ...lift }) => [iccid, lift]));
    const topupByIccid = new Map(topupRows.map(({ iccid, ...topup }) => [iccid, topup]));
    return rows.map((row) => ({
      row,
      lift: liftByIccid.get(row.iccid) ?? null,
      lastTopup: topupByIccid.get(row.iccid) ?? null,
    }));
  }

  return {
    /** Live cards only: one the provider no longer lists is kept for history, not shown or counted. */
    async list({ page, pageSize, search, lowOnly, lowVolumePercent }: SimListOptions) {
      const condition = and(
        isNull(sims.goneAt),
        searchCondition(search),
        lowOnly ? lowCondition(lowVolumePercent) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sims)
          .where(condition)
          .orderBy(asc(sims.iccid))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ value: count() }).from(sims).where(condition),
      ]);
      return { sims: await withRelations(rows), count: total?.value ?? 0 };
    },

    /** A live card; a gone one is not found (no top-up for a card the provider no longer has). */
    async get(iccid: string): Promise<SimWithRelations | null> {
      const [row] = await db
        .select()
        .from(sims)
        .where(and(eq(sims.iccid, iccid), isNull(sims.goneAt)));
      return row ? ((await withRelations([row]))[0] ?? null) : null;
    },

    /**
     * Stores what the provider answered for a card; answers the row before (null when new) and after.
     * The row keeps its quota figures when the quotas were not read this time.
     */
    async applyProviderSim(
      sim: ProviderSim,
      data: ProviderQuota | null,
      sms: ProviderQuota | null,
      at = new Date(),
    ): Promise<{ before: SimRow | null; after: SimRow }> {
      const [before] = await db.select().from(sims).where(eq(sims.iccid, sim.iccid));
      const columns = providerColumns(sim, data, sms, at);
      const [after] = await db
        .insert(sims)
        .values({ iccid: sim.iccid, ...columns })
        .onConflictDoUpdate({ target: sims.iccid, set: columns })
        .returning();
      if (!after) throw new Error(`SIM ${sim.iccid} not stored`);
      return { before: before ?? null, after };
    },

    /**
     * After the provider's whole list was read: every live card not in it is gone (docs/sims.md).
     * The list goes as one array parameter, so an account of any size makes one statement.
     */
    async markGoneExcept(listed: string[], at = new Date()): Promise<string[]> {
      const gone = await db
        .update(sims)
        .set({ goneAt: at, updatedAt: at })
        .where(and(isNull(sims.goneAt), sql`${sims.iccid} <> all(${sql.param(listed)}::text[])`))
        .returning({ iccid: sims.iccid });
      return gone.map((row) => row.iccid);
    },

    /**
     * Records that the admins were told about `level` (1: low, 2: empty); true only for the one
     * caller that moved it up, so two refreshes never mail twice.
     */
    async raiseNotifiedLevel(iccid: string, level: 1 | 2): Promise<boolean> {
      const raised = await db
        .update(sims)
        .set({ notifiedLevel: level })
        .where(and(eq(sims.iccid, iccid), lt(sims.notifiedLevel, level)))
        .returning({ iccid: sims.iccid });
      return raised.length > 0;
    },

    /** After a top-up or a new quota: the card may cross again, and will be mailed about again. */
    async lowerNotifiedLevel(iccid: string, level: 0 | 1): Promise<void> {
      await db
        .update(sims)
        .set({ notifiedLevel: level })
        .where(and(eq(sims.iccid, iccid), gt(sims.notifiedLevel, level)));
    },

    /**
     * The lift's SIM volume status and figure changed: a new version, so the offline copies pull it
     * (docs/sync.md).
     */
    async touchLiftsOf(iccids: string[]): Promise<void> {
      if (iccids.length === 0) return;
      await db
        .update(lifts)
        .set({ version: sql`${lifts.version} + 1`, updatedAt: new Date() })
        .where(and(inArray(lifts.iccid, iccids), isNull(lifts.deletedAt)));
    },

    async lastTopup(iccid: string, since: Date) {
      const [row] = await db
        .select({ requestedAt: simTopups.requestedAt, requestedBy: users.displayName })
        .from(simTopups)
        .leftJoin(users, eq(users.id, simTopups.requestedBy))
        .where(and(eq(simTopups.iccid, iccid), gt(simTopups.requestedAt, since)))
        .orderBy(desc(simTopups.requestedAt))
        .limit(1);
      return row ?? null;
    },

    async recordTopup(values: typeof simTopups.$inferInsert) {
      const [row] = await db.insert(simTopups).values(values).returning();
      if (!row) throw new Error('top-up not recorded');
      return row;
    },

    /** Active admins, who are mailed when a card runs low. */
    async admins() {
      return db
        .select()
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
    },
  };
}

export type SimsRepository = ReturnType<typeof createSimsRepository>;
