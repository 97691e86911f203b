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

/*
 * Days are counted as whole numbers since 1970-01-01 (proleptic Gregorian, Howard Hinnant's
 * `days_from_civil` and `civil_from_days`): the server judges every listed lift with these, and
 * integer arithmetic costs a tenth of parsing and formatting `Date`s (docs/api.md#lift-list).
 */
const floorDiv = (a: number, b: number) => Math.floor(a / b);

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
function dayNumber(day: string): number {
  const month = Number(day.slice(5, 7));
  const year = Number(day.slice(0, 4)) - (month <= 2 ? 1 : 0);
  const era = floorDiv(year, 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = floorDiv(153 * (month > 2 ? month - 3 : month + 9) + 2, 5) + Number(day.slice(8, 10)) - 1;
  return (
    era * 146_097 + yearOfEra * 365 + floorDiv(yearOfEra, 4) - floorDiv(yearOfEra, 100) + dayOfYear - 719_468
  );
}

/** `YYYY-MM-DD` of a calendar date. */
const dayString = (year: number, month: number, date: number) =>
  `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}`;

/** The `YYYY-MM-DD` of a day number. */
function dayText(days: number): string {
  const shifted = days + 719_468;
  const era = floorDiv(shifted, 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = floorDiv(
    dayOfEra - floorDiv(dayOfEra, 1460) + floorDiv(dayOfEra, 36_524) - floorDiv(dayOfEra, 146_096),
    365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + floorDiv(yearOfEra, 4) - floorDiv(yearOfEra, 100));
  const shiftedMonth = floorDiv(5 * dayOfYear + 2, 153);
  const day = dayOfYear - floorDiv(153 * shiftedMonth + 2, 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return dayString(year, month, day);
}

export const addDays = (day: string, days: number) => dayText(dayNumber(day) + days);

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The same day `months` later; the month's last day when it is shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const monthIndex = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
  const year = floorDiv(monthIndex, 12);
  const month = monthIndex - year * 12 + 1;
  const last = month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 31);
  const date = Math.min(Number(day.slice(8, 10)), last);
  return dayString(year, month, date);
}

// Made at its first use: a formatter with a time zone costs a browser tens of milliseconds, and
// pages import this module (through the outbox) without asking for a day.
let berlinFormat: Intl.DateTimeFormat | undefined;
/** Today (or the day of `at`) in Europe/Berlin. */
export const berlinDay = (at: Date | number = Date.now()) => {
  berlinFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: MAINTENANCE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return berlinFormat.format(at);
};

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
  const elapsedDays = Math.max(1, dayNumber(today) - dayNumber(start));

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
