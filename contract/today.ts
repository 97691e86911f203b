import {
  DEFAULT_MAIN_INTERVAL_MONTHS,
  type DefectState,
  type InspectionDates,
  inspectionsDue,
} from './inspection-rules';
import {
  addDays,
  type DueSubject,
  lastVisitOf,
  liftMaintenanceDue,
  type MaintenanceDefaults,
  type VisitCounters,
} from './maintenance';
import type { AlarmKind } from './schemas/alarm';

/**
 * The service man's "Today" list (docs/today.md), as pure functions, so that the PWA builds it from
 * its mirror offline and anything else from the same rows alike. Days are `YYYY-MM-DD`
 * (Europe/Berlin), instants ISO strings.
 */

/** Maintenance, inspections and defect deadlines this close count as due today's work. */
export const TODAY_WINDOW_DAYS = 7;

/** What a lift brings to the list: its name, address, whom it is served by and its due basis. */
export interface TodayLift extends Omit<DueSubject, 'lastVisit'> {
  id: string;
  address: string;
  servicemen: readonly string[];
  /** Its own interval of main inspections; null: the default. */
  inspectionEveryMonths: number | null;
}

export interface TodayAlarm {
  id: string;
  liftId: string;
  kind: AlarmKind;
  code: number | null;
  name: string;
  nameDE: string;
  openedAt: string;
  acknowledgedAt: string | null;
  closedAt: string | null;
}

/** A visit recorded on this device that has not reached the server yet (the outbox's). */
export interface TodayPendingVisit {
  id: string;
  liftId: string;
  visitedOn: string;
  /** `pending`: waits for a connection; `failed`/`conflict`: waits for the user (docs/sync.md). */
  state: 'pending' | 'failed' | 'conflict';
  createdAt: string;
}

export interface TodayInput {
  /** The service man whose list it is. */
  userId: string;
  lifts: readonly TodayLift[];
  alarms: readonly TodayAlarm[];
  visits: readonly (VisitCounters & { liftId: string })[];
  pendingVisits: readonly TodayPendingVisit[];
  inspections: readonly (InspectionDates & { id: string; liftId: string })[];
  defects: readonly (DefectState & { id: string; liftId: string; text: string })[];
  maintenance: MaintenanceDefaults;
  /** Berlin's today. */
  today: string;
}

interface ItemBase {
  /** Unique in the list: kind and the row's id. */
  key: string;
  liftId: string;
  liftUid: string;
  liftAddress: string;
  /** Whether it waits for him (the menu's badge counts these). */
  needsAction: boolean;
}

export type TodayItem = ItemBase &
  (
    | {
        kind: 'alarm';
        alarmId: string;
        code: number | null;
        alarmKind: AlarmKind;
        name: string;
        nameDE: string;
        /** Since when it waits. */
        since: string;
        acknowledged: boolean;
      }
    | { kind: 'visit'; visitId: string; visitedOn: string; state: TodayPendingVisit['state'] }
    | { kind: 'maintenance'; dueOn: string; overdue: boolean }
    | { kind: 'inspection'; inspection: 'main' | 'intermediate'; dueOn: string; overdue: boolean }
    | { kind: 'defect'; defectId: string; text: string; dueOn: string; overdue: boolean }
  );

/** The lifts the man serves (the lift lists him among its service men). */
export function liftsOf<T extends Pick<TodayLift, 'servicemen'>>(lifts: readonly T[], userId: string): T[] {
  return lifts.filter((lift) => lift.servicemen.includes(userId));
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The list: open alarms (unacknowledged first, then oldest first), visits begun on this device and
 * not delivered, then maintenance, inspections and defect deadlines overdue or due within
 * `TODAY_WINDOW_DAYS`, together by due day (overdue first), then by lift ID.
 */
export function todayList(input: TodayInput): TodayItem[] {
  const { today, maintenance } = input;
  const until = addDays(today, TODAY_WINDOW_DAYS);
  const lifts = new Map(liftsOf(input.lifts, input.userId).map((lift) => [lift.id, lift]));
  const ofLift = (liftId: string) => {
    const lift = lifts.get(liftId);
    return lift ? { liftId, liftUid: lift.uid, liftAddress: lift.address } : null;
  };

  const alarms: TodayItem[] = [];
  for (const alarm of input.alarms) {
    const lift = ofLift(alarm.liftId);
    if (!lift || alarm.closedAt !== null) continue;
    alarms.push({
      ...lift,
      key: `alarm:${alarm.id}`,
      kind: 'alarm',
      alarmId: alarm.id,
      code: alarm.code,
      alarmKind: alarm.kind,
      name: alarm.name,
      nameDE: alarm.nameDE,
      since: alarm.openedAt,
      acknowledged: alarm.acknowledgedAt !== null,
      needsAction: alarm.acknowledgedAt === null,
    });
  }
  alarms.sort((a, b) =>
    a.kind === 'alarm' && b.kind === 'alarm'
      ? Number(a.acknowledged) - Number(b.acknowledged) ||
        // Passengers trapped come before every other alarm (docs/alarms.md#emergency-call).
        Number(b.alarmKind === 'emergencyCall') - Number(a.alarmKind === 'emergencyCall') ||
        byText(a.since, b.since) ||
        byText(a.key, b.key)
      : 0,
  );

  const visits: TodayItem[] = [];
  for (const visit of [...input.pendingVisits].sort((a, b) => byText(a.createdAt, b.createdAt))) {
    const lift = ofLift(visit.liftId);
    if (!lift) continue;
    visits.push({
      ...lift,
      key: `visit:${visit.id}`,
      kind: 'visit',
      visitId: visit.id,
      visitedOn: visit.visitedOn,
      state: visit.state,
      // Waiting for a connection goes by itself; a refused or conflicting one needs him.
      needsAction: visit.state !== 'pending',
    });
  }

  const due: TodayItem[] = [];
  const visitsByLift = groupByLift(input.visits);
  const inspectionsByLift = groupByLift(input.inspections);
  for (const lift of lifts.values()) {
    const at = { liftId: lift.id, liftUid: lift.uid, liftAddress: lift.address };
    const state = liftMaintenanceDue(
      { ...lift, lastVisit: lastVisitOf(visitsByLift.get(lift.id) ?? []) },
      maintenance,
      today,
    );
    if (state.status === 'overdue' || state.dueOn <= until) {
      due.push({
        ...at,
        key: `maintenance:${lift.id}`,
        kind: 'maintenance',
        dueOn: state.dueOn,
        overdue: state.status === 'overdue',
        needsAction: true,
      });
    }
    const inspections = inspectionsDue(
      inspectionsByLift.get(lift.id) ?? [],
      lift.inspectionEveryMonths ?? DEFAULT_MAIN_INTERVAL_MONTHS,
      today,
    );
    for (const which of ['main', 'intermediate'] as const) {
      const next = inspections[which];
      if (!next || next.dueOn > until) continue;
      due.push({
        ...at,
        key: `inspection:${lift.id}:${which}`,
        kind: 'inspection',
        inspection: which,
        dueOn: next.dueOn,
        overdue: next.status === 'overdue',
        needsAction: true,
      });
    }
  }
  for (const defect of input.defects) {
    const lift = ofLift(defect.liftId);
    // A fixed defect waits for an admin's close, not for the service man.
    if (!lift || defect.closedAt !== null || defect.fixedAt !== null || defect.deadline > until) continue;
    due.push({
      ...lift,
      key: `defect:${defect.id}`,
      kind: 'defect',
      defectId: defect.id,
      text: defect.text,
      dueOn: defect.deadline,
      overdue: defect.deadline < today,
      needsAction: true,
    });
  }
  due.sort((a, b) => byText(dueOn(a), dueOn(b)) || byText(a.liftUid, b.liftUid) || byText(a.key, b.key));
  return [...alarms, ...visits, ...due];
}

const dueOn = (item: TodayItem) => ('dueOn' in item ? item.dueOn : '');

function groupByLift<T extends { liftId: string }>(rows: readonly T[]): Map<string, T[]> {
  const byLift = new Map<string, T[]>();
  for (const row of rows) {
    const list = byLift.get(row.liftId);
    if (list) list.push(row);
    else byLift.set(row.liftId, [row]);
  }
  return byLift;
}

/** The menu's badge: the rows that wait for him. */
export const todayActionCount = (items: readonly TodayItem[]) =>
  items.reduce((count, item) => count + (item.needsAction ? 1 : 0), 0);
