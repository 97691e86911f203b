/**
 * When a lift falls due for maintenance (docs/maintenance.md), as a pure function of the lift's
 * counters, its plan and its last visit, so the server (`GET /maintenance/due`, the notice mails)
 * and the PWA (offline, from its mirror) compute the same answer. Days are calendar days in
 * Europe/Berlin, written `YYYY-MM-DD`.
 */

export const MAINTENANCE_TIME_ZONE = 'Europe/Berlin';

export interface MaintenancePlan {
  everyTrips: number;
  everyHours: number;
  everyMonths: number;
}

export interface MaintenanceInput {
  trips: number;
  operatingHours: number;
  /** The newest visit; null when the lift was never maintained (its plan counts from `since`). */
  lastVisit: { visitedOn: string; trips: number; operatingHours: number } | null;
  /** The day the lift was registered: the start of its first interval. */
  since: string;
  /**
   * Before the first visit, the counters the first interval counts from: the first reading the
   * portal received (it cannot know what was maintained before). Zero when absent.
   */
  baseline?: { trips: number; operatingHours: number };
}

export const MAINTENANCE_STATUSES = ['ok', 'due', 'overdue'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const MAINTENANCE_REASONS = ['trips', 'hours', 'months'] as const;
export type MaintenanceReason = (typeof MAINTENANCE_REASONS)[number];

export interface MaintenanceDue {
  status: MaintenanceStatus;
  /** The first day the plan is reached: by the calendar, or by the counters at their current pace. */
  dueOn: string;
  /** Which limit comes first. */
  reason: MaintenanceReason;
  tripsLeft: number;
  hoursLeft: number;
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayOf(dayMs(day) + days * DAY_MS);

/** The same day `months` later; the month's last day when it is shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return dayOf(target.getTime());
}

const FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: MAINTENANCE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** Today (or the day of `at`) in Europe/Berlin. */
export const berlinDay = (at: Date | number = Date.now()) => FORMAT.format(at);

/**
 * Status and due day of one lift on `today`. A counter limit reached makes the lift overdue at
 * once; otherwise the day it will be reached is estimated from the pace since the interval began.
 * `noticeDays` before the due day the lift is "due".
 */
export function maintenanceDue(
  input: MaintenanceInput,
  plan: MaintenancePlan,
  today: string,
  noticeDays: number,
): MaintenanceDue {
  const start = input.lastVisit?.visitedOn ?? input.since;
  const base = input.lastVisit ?? input.baseline ?? { trips: 0, operatingHours: 0 };
  const tripsSince = Math.max(0, input.trips - base.trips);
  const hoursSince = Math.max(0, input.operatingHours - base.operatingHours);
  const tripsLeft = plan.everyTrips - tripsSince;
  const hoursLeft = plan.everyHours - hoursSince;
  const elapsedDays = Math.max(1, Math.round((dayMs(today) - dayMs(start)) / DAY_MS));

  const candidates: { reason: MaintenanceReason; day: string; reached: boolean }[] = [
    { reason: 'months', day: addMonths(start, plan.everyMonths), reached: false },
  ];
  const byCounter = (reason: MaintenanceReason, left: number, used: number) => {
    if (left <= 0) return { reason, day: today, reached: true };
    const pace = used / elapsedDays;
    // Without use yet, the counter sets no day; the calendar does.
    if (pace <= 0) return undefined;
    return { reason, day: addDays(today, Math.ceil(left / pace)), reached: false };
  };
  for (const c of [byCounter('trips', tripsLeft, tripsSince), byCounter('hours', hoursLeft, hoursSince)])
    if (c) candidates.push(c);
  const first = candidates.reduce((a, b) => (b.reached && !a.reached ? b : b.day < a.day ? b : a));

  const status: MaintenanceStatus =
    first.reached || first.day < today ? 'overdue' : first.day <= addDays(today, noticeDays) ? 'due' : 'ok';
  return {
    status,
    dueOn: first.day,
    reason: first.reason,
    tripsLeft: Math.max(0, tripsLeft),
    hoursLeft: Math.max(0, Math.round(hoursLeft * 10) / 10),
  };
}

/** The settings document's `maintenance` (contract/settings.ts): the default plan and the notice days. */
export interface MaintenanceDefaults extends MaintenancePlan {
  noticeDays: number;
}

/** A lift's own plan (null: the default) with when its first interval began (`Lift['maintenance']`). */
export interface MaintenanceBasis {
  everyTrips: number | null;
  everyHours: number | null;
  everyMonths: number | null;
  since: string;
  baseline: { trips: number; operatingHours: number } | null;
}

/** A visit as far as the plan cares: its day and the counters stored with it. */
export interface VisitCounters {
  visitedOn: string;
  /** Orders two visits of one day (the later recorded counts). */
  createdAt?: string;
  trips: number;
  operatingHours: number;
}

/** What the due day of one lift is computed from: the server's rows and the mirror's alike. */
export interface DueSubject {
  uid: string;
  stats: { trips: number; operatingHours: number };
  maintenance: MaintenanceBasis;
  lastVisit: VisitCounters | null;
}

/** The plan in force: the lift's own limits, the defaults for the others. */
export function planOf(
  basis: Pick<MaintenanceBasis, 'everyTrips' | 'everyHours' | 'everyMonths'>,
  defaults: MaintenancePlan,
): MaintenancePlan & { custom: boolean } {
  return {
    everyTrips: basis.everyTrips ?? defaults.everyTrips,
    everyHours: basis.everyHours ?? defaults.everyHours,
    everyMonths: basis.everyMonths ?? defaults.everyMonths,
    custom: basis.everyTrips !== null || basis.everyHours !== null || basis.everyMonths !== null,
  };
}

/** The newest visit (by its day, then by when it was recorded), as the server picks it. */
export function lastVisitOf<T extends VisitCounters>(visits: readonly T[]): T | null {
  let newest: T | null = null;
  for (const visit of visits) {
    if (
      !newest ||
      visit.visitedOn > newest.visitedOn ||
      (visit.visitedOn === newest.visitedOn && (visit.createdAt ?? '') > (newest.createdAt ?? ''))
    )
      newest = visit;
  }
  return newest;
}

/** Status and due day of one lift, from its row (server or mirror), its last visit and the defaults. */
export function liftMaintenanceDue(
  subject: DueSubject,
  defaults: MaintenanceDefaults,
  today: string,
): MaintenanceDue {
  const { since, baseline } = subject.maintenance;
  const input: MaintenanceInput = {
    trips: subject.stats.trips,
    operatingHours: subject.stats.operatingHours,
    since,
    ...(baseline ? { baseline } : {}),
    lastVisit: subject.lastVisit,
  };
  return maintenanceDue(input, planOf(subject.maintenance, defaults), today, defaults.noticeDays);
}

/**
 * The due list (`GET /maintenance/due`, and the PWA offline from its mirror): the lifts overdue or
 * falling due within `days` (default: the notice days), soonest first, then by ID.
 */
export function maintenanceDueList<T extends DueSubject>(
  subjects: readonly T[],
  defaults: MaintenanceDefaults,
  today: string,
  days: number = defaults.noticeDays,
): { subject: T; due: MaintenanceDue }[] {
  const until = addDays(today, days);
  return subjects
    .map((subject) => ({ subject, due: liftMaintenanceDue(subject, defaults, today) }))
    .filter(({ due }) => due.status === 'overdue' || due.dueOn <= until)
    .sort((a, b) =>
      a.due.dueOn < b.due.dueOn
        ? -1
        : a.due.dueOn > b.due.dueOn
          ? 1
          : a.subject.uid < b.subject.uid
            ? -1
            : a.subject.uid > b.subject.uid
              ? 1
              : 0,
    );
}
