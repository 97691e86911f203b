import {
  and,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { OUT_OF_SERVICE_CODES, TRAPPED_CODES } from '../../../contract/alarm-severity';
import type { Language, NotificationPreference } from '../../../contract/constants';
import {
  ALARM_LIST_LIMIT,
  type Alarm,
  type AlarmListItem,
  type AlarmState,
  type PushSubscriptionInput,
} from '../../../contract/schemas/alarm';
import { liftScopeCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import {
  type AlarmRow,
  alarmNotificationCounts,
  alarms,
  alarmWatchedLifts,
  pushSubscriptions,
} from '../../db/schema/alarms';
import { descriptions } from '../../db/schema/descriptions';
import { lifts } from '../../db/schema/lifts';
import { users } from '../../db/schema/users';
import type { IngestTransaction, Reading } from '../telemetry/ingest';
import { toAlarm } from './alarm-mapper';
import { OFFLINE_NAME, TEST_NAME } from './alarm-texts';
import { applyEmergencyCallEvents } from './emergency-call';

/** Advisory lock keys of the periodic runs: one process at a time does each (docs/alarms.md#what-opens-and-closes-an-alarm). */
const OFFLINE_LOCK = 18_0001;
const ESCALATION_LOCK = 18_0002;
/** Class of the per-user advisory lock of push registrations (two-key form, the user's hash second). */
const PUSH_SUBSCRIBE_LOCK_CLASS = 18_0003;
/** Devices a user receives pushes on; each registration beyond drops his oldest (docs/alarms.md#push). */
const PUSH_SUBSCRIPTIONS_PER_USER = 10;

export interface AlarmListFilter {
  state?: AlarmState;
  liftId?: string;
  code?: number;
  minAgeMinutes?: number;
}

/** Someone told about an alarm, with what decides how and in which language. */
export interface Recipient {
  id: string;
  email: string;
  phoneNumber: string | null;
  preference: NotificationPreference;
  language: Language;
  /**
   * Serves the lift (its service man) or is an admin: an emergency call reaches him by every
   * channel whatever his preference (docs/alarms.md#emergency-call).
   */
  onCall: boolean;
}

const stateCondition = (state: AlarmState | undefined): SQL | undefined => {
  switch (state) {
    case 'open':
      return and(isNull(alarms.closedAt), isNull(alarms.acknowledgedAt));
    case 'acknowledged':
      return and(isNull(alarms.closedAt), isNotNull(alarms.acknowledgedAt));
    case 'closed':
      return isNotNull(alarms.closedAt);
    default:
      return undefined;
  }
};

/**
 * The severity's rank in SQL (contract/alarm-severity.ts): emergency call 5, trapped 4, out of
 * service 3 (an overdue line test too), fault 2, offline 1, test 0; the lists put the most urgent first.
 */
const severityRank = sql`case
  when ${alarms.kind} = 'emergencyCall' then 5
  when ${alarms.kind} = 'lineTestOverdue' then 3
  when ${alarms.kind} = 'test' then 0
  when ${alarms.kind} = 'offline' then 1
  when ${alarms.code} in (${sql.join(
    TRAPPED_CODES.map((code) => sql`${code}`),
    sql`, `,
  )}) then 4
  when ${alarms.code} in (${sql.join(
    OUT_OF_SERVICE_CODES.map((code) => sql`${code}`),
    sql`, `,
  )}) then 3
  else 2 end`;

const bump = { version: sql`${alarms.version} + 1`, updatedAt: sql`now()` };

/** An alarm with its lift and who acknowledged it, as the list and the alarm's page show it. */
const toListItem = (row: {
  alarm: AlarmRow;
  liftUid: string;
  liftAddress: string;
  ackName: string | null;
}): AlarmListItem => ({
  ...toAlarm(row.alarm),
  liftUid: row.liftUid,
  liftAddress: row.liftAddress,
  acknowledgedByName: row.ackName,
});

/** Alarms of lifts (docs/alarms.md); reads are scoped like the lifts. */
export function createAlarmsRepository(db: Database) {
  const selectListItems = () =>
    db
      .select({ alarm: alarms, liftUid: lifts.uid, liftAddress: lifts.address, ackName: users.displayName })
      .from(alarms)
      .innerJoin(lifts, eq(lifts.id, alarms.liftId))
      .leftJoin(users, eq(users.id, alarms.acknowledgedBy));
  const recipientsOf = async (query: SQL): Promise<Recipient[]> => {
    const result = await db.execute(query);
    return rowsOf<{
      id: string;
      email: string;
      phone_number: string | null;
      notification_preference: NotificationPreference;
      language: string | null;
      on_call: boolean | null;
    }>(result).map((row) => ({
      id: row.id,
      email: row.email,
      phoneNumber: row.phone_number,
      preference: row.notification_preference,
      language: row.language === 'en' ? 'en' : 'de',
      onCall: row.on_call === true,
    }));
  };
  /**
   * Acknowledges the alarms not acknowledged yet, in one statement; a test alarm closes with it
   * (nothing clears it otherwise). Answers every alarm of `ids` as it is now. The caller has
   * scoped the ids.
   */
  const acknowledgeMany = async (ids: readonly string[], userId: string): Promise<Alarm[]> => {
    if (ids.length === 0) return [];
    await db
      .update(alarms)
      .set({
        acknowledgedAt: sql`now()`,
        acknowledgedBy: userId,
        closedAt: sql`case when ${alarms.kind} = 'test' then coalesce(${alarms.closedAt}, now()) else ${alarms.closedAt} end`,
        ...bump,
      })
      .where(and(inArray(alarms.id, [...ids]), isNull(alarms.acknowledgedAt)));
    const rows = await db
      .select()
      .from(alarms)
      .where(inArray(alarms.id, [...ids]));
    return rows.map(toAlarm);
  };
  const recipientColumns = sql.raw(
    `u.id, u.email, u.phone_number, u.notification_preference, u.settings->>'language' as language`,
  );

  return {
    /**
     * Counts one more notification of the user in `hour` and answers the count so far, in one
     * statement: two processes counting at once both see their own increment (docs/alarms.md).
     */
    async countNotification(userId: string, hour: number): Promise<number> {
      const [row] = await db
        .insert(alarmNotificationCounts)
        .values({ userId, hour, count: 1 })
        .onConflictDoUpdate({
          target: [alarmNotificationCounts.userId, alarmNotificationCounts.hour],
          set: { count: sql`${alarmNotificationCounts.count} + 1` },
        })
        .returning({ count: alarmNotificationCounts.count });
      return row?.count ?? 1;
    },

    /** Drops the counts of hours before `hour`. */
    async forgetNotificationCounts(beforeHour: number): Promise<void> {
      await db.delete(alarmNotificationCounts).where(lt(alarmNotificationCounts.hour, beforeHour));
    },

    async list(
      user: ScopeUser,
      filter: AlarmListFilter,
    ): Promise<{ alarms: AlarmListItem[]; truncated: boolean }> {
      const conditions = [
        liftScopeCondition(user),
        isNull(alarms.deletedAt),
        stateCondition(filter.state),
        filter.liftId ? eq(alarms.liftId, filter.liftId) : undefined,
        filter.code === undefined ? undefined : and(eq(alarms.code, filter.code), eq(alarms.kind, 'error')),
        filter.minAgeMinutes === undefined
          ? undefined
          : lte(alarms.openedAt, sql`now() - make_interval(mins => ${filter.minAgeMinutes})`),
      ];
      const rows = await selectListItems()
        .where(and(...conditions))
        // Alarms not closed come first, the most urgent of them first; then newest first.
        .orderBy(
          sql`${alarms.closedAt} is null desc`,
          sql`case when ${alarms.closedAt} is null then ${severityRank} else 0 end desc`,
          desc(alarms.openedAt),
          desc(alarms.id),
        )
        .limit(ALARM_LIST_LIMIT + 1);
      return {
        alarms: rows.slice(0, ALARM_LIST_LIMIT).map(toListItem),
        truncated: rows.length > ALARM_LIST_LIMIT,
      };
    },

    /** One alarm of a lift the user sees, as the list shows it (the alarm's page). */
    async getInScope(id: string, user: ScopeUser): Promise<AlarmListItem | undefined> {
      const [row] = await selectListItems().where(
        and(eq(alarms.id, id), isNull(alarms.deletedAt), liftScopeCondition(user)),
      );
      return row && toListItem(row);
    },

    async countOpen(user: ScopeUser): Promise<number> {
      const [row] = await db
        .select({ open: sql<number>`count(*)::integer` })
        .from(alarms)
        .innerJoin(lifts, eq(lifts.id, alarms.liftId))
        .where(and(liftScopeCondition(user), isNull(alarms.deletedAt), stateCondition('open')));
      return Number(row?.open ?? 0);
    },

    /** Whether the user sees the lift (not deleted). */
    async liftInScope(liftId: string, user: ScopeUser): Promise<boolean> {
      const [row] = await db
        .select({ id: lifts.id })
        .from(lifts)
        .where(and(eq(lifts.id, liftId), liftScopeCondition(user)));
      return row !== undefined;
    },

    /** An alarm of a lift the user sees. */
    async findInScope(id: string, user: ScopeUser): Promise<AlarmRow | undefined> {
      const [row] = await db
        .select({ alarm: alarms })
        .from(alarms)
        .innerJoin(lifts, eq(lifts.id, alarms.liftId))
        .where(and(eq(alarms.id, id), isNull(alarms.deletedAt), liftScopeCondition(user)));
      return row?.alarm;
    },

    /** Acknowledges once: the first acknowledgement stays, a repeat answers the alarm as it is. */
    async acknowledge(id: string, userId: string): Promise<Alarm | undefined> {
      const [alarm] = await acknowledgeMany([id], userId);
      return alarm;
    },

    acknowledgeMany,

    /** The ids among `ids` of alarms on lifts the user sees. */
    async idsInScope(ids: readonly string[], user: ScopeUser): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: alarms.id })
        .from(alarms)
        .innerJoin(lifts, eq(lifts.id, alarms.liftId))
        .where(and(inArray(alarms.id, [...ids]), isNull(alarms.deletedAt), liftScopeCondition(user)));
      return rows.map((row) => row.id);
    },

    /**
     * Opens a test alarm on the lift (docs/alarms.md#test-alarm), closing a test alarm still open
     * there, so each test is told again; `withOpened` writes its notifications in the same
     * transaction. Answers the new alarm and what changed.
     */
    async openTest(
      liftId: string,
      withOpened: (tx: Database, opened: string[]) => Promise<unknown>,
    ): Promise<{ alarm: Alarm; changed: string[] }> {
      return db.transaction(async (tx) => {
        const closed = await tx
          .update(alarms)
          .set({ closedAt: sql`now()`, ...bump })
          .where(and(eq(alarms.liftId, liftId), eq(alarms.kind, 'test'), isNull(alarms.closedAt)))
          .returning({ id: alarms.id });
        const [row] = await tx
          .insert(alarms)
          .values({
            liftId,
            kind: 'test',
            code: 0,
            name: TEST_NAME.en,
            nameDE: TEST_NAME.de,
            openedAt: new Date(),
          })
          .returning();
        if (!row) throw new Error('test alarm not opened');
        await withOpened(tx, [row.id]);
        return { alarm: toAlarm(row), changed: [...closed.map((c) => c.id), row.id] };
      });
    },

    async byIds(ids: readonly string[]): Promise<(AlarmRow & { liftUid: string; liftAddress: string })[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ alarm: alarms, liftUid: lifts.uid, liftAddress: lifts.address })
        .from(alarms)
        .innerJoin(lifts, eq(lifts.id, alarms.liftId))
        .where(inArray(alarms.id, [...ids]));
      return rows.map((row) => ({ ...row.alarm, liftUid: row.liftUid, liftAddress: row.liftAddress }));
    },

    /** The lift's service men and customers (active accounts). */
    liftRecipients: (liftId: string) =>
      recipientsOf(sql`select ${recipientColumns}, bool_or(lu.kind = 'serviceman') as on_call
        from lift_users lu join users u on u.id = lu.user_id
        where lu.lift_id = ${liftId} and u.status = 'active'
        group by u.id`),

    /** The customer admins of the lift's customers' companies, and the admins. */
    escalationRecipients: (liftId: string) =>
      recipientsOf(sql`select ${recipientColumns}, u.role = 'admin' as on_call from users u
        where u.status = 'active' and (u.role = 'admin' or (u.role = 'customer_admin' and u.company_id in (
          select c.company_id from lift_users lu join users c on c.id = lu.user_id
          where lu.lift_id = ${liftId} and lu.kind = 'customer' and c.company_id is not null)))`),

    /** The admins (active accounts), whom an emergency call reaches at once. */
    adminRecipients: () =>
      recipientsOf(sql`select ${recipientColumns}, true as on_call from users u
        where u.status = 'active' and u.role = 'admin'`),

    async pushTargets(userId: string) {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    /**
     * Registers the subscription as the user's newest; he keeps his last PUSH_SUBSCRIPTIONS_PER_USER,
     * the oldest goes. An endpoint another user registered stays his (answers false): knowing a
     * device's endpoint is no proof of holding the device.
     */
    async subscribe(userId: string, subscription: PushSubscriptionInput): Promise<boolean> {
      const keys = { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
      return db.transaction(async (tx) => {
        // One registration of a user at a time, so that two at once cannot keep one too many.
        await tx.execute(
          sql`select pg_advisory_xact_lock(${PUSH_SUBSCRIBE_LOCK_CLASS}::int, hashtext(${userId}))`,
        );
        const registered = await tx
          .insert(pushSubscriptions)
          .values({ userId, endpoint: subscription.endpoint, ...keys })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            // A device registering again counts as the newest.
            set: { ...keys, createdAt: sql`now()` },
            setWhere: eq(pushSubscriptions.userId, userId),
          })
          .returning({ id: pushSubscriptions.id });
        if (registered.length === 0) return false;
        const newest = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(PUSH_SUBSCRIPTIONS_PER_USER);
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
        return true;
      });
    },

    async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    async removeEndpoint(endpoint: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },

    /**
     * Lifts silent since before `threshold` get an offline alarm; lifts heard from since get theirs
     * closed. Decided from `last_seen_at` in the database, so a lift reporting to another process
     * is never taken for silent. One process at a time (advisory lock); answers the alarms opened,
     * and all it changed.
     */
    async checkOffline(
      threshold: Date,
      withOpened: (tx: Database, opened: string[]) => Promise<unknown>,
    ): Promise<AlarmChanges | null> {
      return db.transaction(async (tx) => {
        if (!(await tryLock(tx, OFFLINE_LOCK))) return null;
        const opened = await tx.execute(sql`
          insert into alarms (lift_id, kind, code, name, name_de, opened_at)
          select l.id, 'offline', 0, ${OFFLINE_NAME.en}, ${OFFLINE_NAME.de}, l.last_seen_at from lifts l
          join alarm_watched_lifts w on w.lift_id = l.id
          where l.deleted_at is null and l.last_seen_at is not null and l.last_seen_at < ${threshold.toISOString()}::timestamptz
            and not exists (select 1 from alarms a
              where a.lift_id = l.id and a.kind = 'offline' and a.code = 0 and a.closed_at is null)
          on conflict (lift_id, kind, code) where closed_at is null do nothing
          returning id`);
        const closed = await tx.execute(sql`
          update alarms a set closed_at = l.last_seen_at, version = a.version + 1, updated_at = now()
          from lifts l
          where a.lift_id = l.id and a.kind = 'offline' and a.closed_at is null
            and l.last_seen_at >= ${threshold.toISOString()}::timestamptz
          returning a.id`);
        const openedIds = rowsOf<{ id: string }>(opened).map((row) => row.id);
        const closedIds = rowsOf<{ id: string }>(closed).map((row) => row.id);
        if (openedIds.length > 0) await withOpened(tx, openedIds);
        return { opened: openedIds, changed: [...openedIds, ...closedIds] };
      });
    },

    /**
     * Alarms nobody acknowledged since before `threshold`, marked escalated once; `withEscalated`
     * runs in the same transaction (their notifications). Answers them.
     */
    async escalate(
      threshold: Date,
      emergencyCallThreshold: Date,
      withEscalated: (tx: Database, escalated: string[]) => Promise<unknown>,
    ): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        if (!(await tryLock(tx, ESCALATION_LOCK))) return null;
        const rows = await tx
          .update(alarms)
          .set({ escalatedAt: sql`now()`, ...bump })
          .where(
            and(
              isNull(alarms.closedAt),
              isNull(alarms.acknowledgedAt),
              isNull(alarms.escalatedAt),
              isNull(alarms.deletedAt),
              // A test was told as a test; nobody is late acknowledging it.
              ne(alarms.kind, 'test'),
              // An emergency call waits seconds, not minutes (docs/alarms.md#emergency-call).
              or(
                and(ne(alarms.kind, 'emergencyCall'), lte(alarms.createdAt, threshold)),
                and(eq(alarms.kind, 'emergencyCall'), lte(alarms.createdAt, emergencyCallThreshold)),
              ),
            ),
          )
          .returning({ id: alarms.id });
        const ids = rows.map((row) => row.id);
        if (ids.length > 0) await withEscalated(tx, ids);
        return ids;
      });
    },
  };
}

async function tryLock(tx: IngestTransaction, key: number): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`);
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}

/**
 * The ingest step (server/modules/telemetry/ingest.ts): inside the batch's transaction, error raises open
 * alarms (once: the partial unique index and `on conflict do nothing`), clears close them, and any
 * reading closes the lift's offline alarm. Answers the alarms it opened, and all it changed.
 */
export async function applyReadings(
  tx: IngestTransaction,
  readings: readonly Reading[],
): Promise<AlarmChanges> {
  const reporting = [...new Set(readings.map((r) => r.liftId))];
  const changed: string[] = [];
  if (reporting.length > 0) {
    // Heard from: from now on its silence raises an offline alarm.
    await tx
      .insert(alarmWatchedLifts)
      .values(reporting.map((liftId) => ({ liftId })))
      .onConflictDoNothing();
    const closed = await tx
      .update(alarms)
      .set({ closedAt: sql`now()`, ...bump })
      .where(and(eq(alarms.kind, 'offline'), isNull(alarms.closedAt), inArray(alarms.liftId, reporting)))
      .returning({ id: alarms.id });
    for (const row of closed) changed.push(row.id);
  }
  const emergency = await applyEmergencyCallEvents(tx, readings);
  changed.push(...emergency.changed);
  const events = readings
    .flatMap((r) =>
      r.kind === 'event' && r.reading.type === 'error' ? [{ liftId: r.liftId, ...r.reading }] : [],
    )
    .sort((a, b) => a.ts - b.ts || a.seq - b.seq);
  if (events.length === 0) {
    const present = await openPresentFaults(tx, reporting);
    return { opened: [...emergency.opened, ...present], changed: [...changed, ...present] };
  }

  const codes = [...new Set(events.filter((e) => e.active).map((e) => e.code))];
  const names = new Map<number, { name: string; nameDE: string }>();
  if (codes.length > 0) {
    const found = await tx
      .select({ number: descriptions.number, name: descriptions.name, nameDE: descriptions.nameDE })
      .from(descriptions)
      .where(and(inArray(descriptions.number, codes), isNull(descriptions.deletedAt)));
    for (const row of found) names.set(row.number, { name: row.name, nameDE: row.nameDE });
  }

  const opened: string[] = [];
  for (const event of events) {
    const at = new Date(event.ts);
    if (event.active) {
      const known = names.get(event.code);
      const rows = await tx
        .insert(alarms)
        .values({
          liftId: event.liftId,
          kind: 'error',
          code: event.code,
          name: known?.name ?? `Error ${event.code}`,
          nameDE: known?.nameDE ?? `Fehler ${event.code}`,
          floor: event.floor ?? null,
          openedAt: at,
        })
        .onConflictDoNothing({
          target: [alarms.liftId, alarms.kind, alarms.code],
          where: sql`closed_at is null`,
        })
        .returning({ id: alarms.id });
      for (const row of rows) opened.push(row.id);
    } else {
      const closed = await tx
        .update(alarms)
        .set({ closedAt: at, ...bump })
        .where(
          and(
            eq(alarms.liftId, event.liftId),
            eq(alarms.kind, 'error'),
            eq(alarms.code, event.code),
            isNull(alarms.closedAt),
          ),
        )
        .returning({ id: alarms.id });
      for (const row of closed) changed.push(row.id);
    }
  }
  // Faults the lift reports as raised before (a controller reconnecting) with no open alarm; after
  // the batch's own raises, which open theirs with the event's floor.
  opened.push(...(await openPresentFaults(tx, reporting)));
  return { opened: [...emergency.opened, ...opened], changed: [...changed, ...opened] };
}

/**
 * Faults present now (the lifts' `active_errors` as stored) without an open alarm get one,
 * opened at the fault's own time: at the server's start, and for lifts reporting again with
 * an error raised before (docs/alarms.md). Once: the partial unique index decides. `liftIds`
 * limits it to those lifts; all lifts otherwise. Runs in `tx`; answers the alarms opened.
 */
export async function openPresentFaults(
  tx: IngestTransaction,
  liftIds?: readonly string[],
): Promise<string[]> {
  if (liftIds && liftIds.length === 0) return [];
  const only = liftIds
    ? sql`and l.id in (${sql.join(
        liftIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const result = await tx.execute(sql`
    insert into alarms (lift_id, kind, code, name, name_de, opened_at)
    select distinct on (l.id, e.code) l.id, 'error', e.code,
      coalesce(d.name, 'Error ' || e.code), coalesce(d.name_de, 'Fehler ' || e.code), e.since
    from lifts l
    cross join lateral jsonb_to_recordset(l.active_errors) as e(code integer, since timestamptz)
    left join descriptions d on d.number = e.code and d.deleted_at is null
    where l.deleted_at is null and jsonb_array_length(l.active_errors) > 0 ${only}
      and not exists (select 1 from alarms a
        where a.lift_id = l.id and a.kind = 'error' and a.code = e.code and a.closed_at is null)
    order by l.id, e.code, e.since
    on conflict (lift_id, kind, code) where closed_at is null do nothing
    returning id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** What a run changed: the alarms it opened (to notify about), and every alarm it opened or closed (to show live). */
export interface AlarmChanges {
  opened: string[];
  changed: string[];
}
