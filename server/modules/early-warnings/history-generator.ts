import { EARLY_WARNING_RULES, type EarlyWarningRule } from '../../../contract/early-warnings';
import { DAY_MS } from '../../../contract/time';
import { seededRandom } from '../../lib/seeded-random';
import { type DayFigures, evaluateDay, type RulePoint } from './rules';

/**
 * Generated lift histories with known anomalies, to measure the rules (docs/early-warnings.md#evaluation):
 * deterministic from a seed, so the figures are the same on every machine.
 */

function normal(rnd: () => number): number {
  // Box–Muller; 1 − u keeps the logarithm finite.
  return Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
}

/** A Poisson count: Knuth's product for small means, a rounded normal for large ones. */
export function poisson(rnd: () => number, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 40) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(rnd)));
  const limit = Math.exp(-mean);
  let k = 0;
  let product = rnd();
  while (product > limit) {
    k++;
    product *= rnd();
  }
  return k;
}

export interface InjectedAnomaly {
  rule: EarlyWarningRule;
  /** Index of the first day the anomaly is in the data. */
  startDay: number;
}

export interface GeneratedLift {
  days: DayFigures[];
  anomaly: InjectedAnomaly | null;
}

export interface GeneratorOptions {
  lifts: number;
  days: number;
  seed: number;
  /** The first day, `YYYY-MM-DD` (a Monday keeps the week pattern easy to read). */
  firstDay?: string;
}

const dayName = (first: string, offset: number) =>
  new Date(Date.parse(`${first}T12:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * `lifts` histories of `days` days. Each lift has its own traffic (60–600 trips on a working day;
 * a third are offices nearly still at weekends), day-to-day swings beyond Poisson noise, its own
 * operating hours per trip, fault and door-fault rates, and now and then a day without data (the
 * counters it missed arrive with the next day). Every fifth lift is left normal; the others carry
 * one anomaly of each kind in turn, from a day between 40 and 75 to the end:
 * - faultRate: faults other than doors at 2.5–5 times the lift's rate, plus 0.6 more a day on an
 *   average day (a failing part faults several times a week, whatever the lift's traffic);
 * - doorFaults: the same with door faults;
 * - standstill: 2 % of its trips and operating hours, no fault code;
 * - hoursWithoutTrips: trips as before, 60–120 % of a usual day's operating hours more (at least 1.5 h).
 */
export function generateHistories(options: GeneratorOptions): GeneratedLift[] {
  const { lifts, days, seed, firstDay = '2026-01-05' } = options;
  const rnd = seededRandom(seed);
  const kinds = [...EARLY_WARNING_RULES, null] as const;
  return Array.from({ length: lifts }, (_, index) => {
    const rule = kinds[index % kinds.length] ?? null;
    const anomaly = rule ? { rule, startDay: 40 + Math.floor(rnd() * 36) } : null;
    const workdayTrips = 60 + rnd() * 540;
    const weekendShare = rnd() < 0.33 ? 0.05 + rnd() * 0.15 : 0.5 + rnd() * 0.5;
    const hoursPerTrip = 0.008 + rnd() * 0.012;
    const idleHours = rnd() * 0.3;
    const faultRate = (0.2 + rnd() * 1.3) / 1000;
    const doorRate = (0.1 + rnd() * 0.9) / 1000;
    const averageTrips = workdayTrips * ((5 + 2 * weekendShare) / 7);
    const multiple = 1.5 + rnd() * 2.5;
    const extraFaults = multiple * faultRate + 0.6 / averageTrips;
    const extraDoor = multiple * doorRate + 0.6 / averageTrips;
    const extraHours = Math.max(1.5, (0.6 + rnd() * 0.6) * averageTrips * hoursPerTrip);

    let missedTrips = 0;
    let missedHours = 0;
    const history: DayFigures[] = [];
    for (let d = 0; d < days; d++) {
      const day = dayName(firstDay, d);
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      const isWeekend = weekday === 0 || weekday === 6;
      const active = anomaly !== null && d >= anomaly.startDay ? anomaly.rule : null;
      const swing = Math.max(0.3, 1 + 0.15 * normal(rnd));
      let mean = workdayTrips * (isWeekend ? weekendShare : 1) * swing;
      if (active === 'standstill') mean *= 0.02;
      let trips = poisson(rnd, mean);
      let hours = trips * hoursPerTrip * Math.max(0.5, 1 + 0.05 * normal(rnd)) + idleHours * rnd();
      if (active === 'hoursWithoutTrips') hours += extraHours * Math.max(0.5, 1 + 0.1 * normal(rnd));
      const faults = poisson(rnd, trips * (faultRate + (active === 'faultRate' ? extraFaults : 0)));
      const doorFaults = poisson(rnd, trips * (doorRate + (active === 'doorFaults' ? extraDoor : 0)));
      // A day without data now and then; the counters bring its trips and hours the next day.
      if (rnd() < 0.01) {
        missedTrips += trips;
        missedHours += hours;
        history.push({ day, hasData: false, trips: 0, hours: 0, faults, doorFaults, faultActive: false });
        continue;
      }
      trips += missedTrips;
      hours += missedHours;
      missedTrips = 0;
      missedHours = 0;
      history.push({
        day,
        hasData: true,
        trips,
        hours,
        faults,
        doorFaults,
        faultActive: faults + doorFaults > 0,
      });
    }
    return { days: history, anomaly };
  });
}

/** Days an injected anomaly has to be caught in, from its first day. */
export const DETECTION_DAYS = 14;

export interface RuleFigures {
  rule: EarlyWarningRule;
  /** Lifts with this rule's anomaly injected. */
  injected: number;
  /** Of those, flagged by the rule within DETECTION_DAYS of the anomaly's start. */
  hits: number;
  misses: number;
  /** Median days from the anomaly's start to the first flag, over the hits. */
  medianDelayDays: number;
  /** Runs of flagged days where the lift had no such anomaly (yet). */
  falseAlarms: number;
  /** Lift-days the rule spoke on where the lift had no such anomaly (yet). */
  cleanDays: number;
}

/** Every rule over every generated lift and day. */
export function evaluateRules(histories: readonly GeneratedLift[]): RuleFigures[] {
  return EARLY_WARNING_RULES.map((rule) => {
    let injected = 0;
    let hits = 0;
    let falseAlarms = 0;
    let cleanDays = 0;
    const delays: number[] = [];
    for (const { days, anomaly } of histories) {
      const points: RulePoint[] = days.map((_, i) => evaluateDay(days, i, rule));
      const start = anomaly?.rule === rule ? anomaly.startDay : null;
      if (start !== null) {
        injected++;
        const first = points.findIndex((p, i) => i >= start && i < start + DETECTION_DAYS && p.flagged);
        if (first >= 0) {
          hits++;
          delays.push(first - start);
        }
      }
      let inRun = false;
      points.forEach((point, i) => {
        const clean = start === null || i < start;
        if (clean && point.value !== null) cleanDays++;
        const falseFlag = clean && point.flagged;
        if (falseFlag && !inRun) falseAlarms++;
        inRun = falseFlag;
      });
    }
    delays.sort((a, b) => a - b);
    const mid = Math.floor(delays.length / 2);
    const medianDelayDays =
      delays.length === 0
        ? 0
        : delays.length % 2
          ? (delays[mid] ?? 0)
          : ((delays[mid - 1] ?? 0) + (delays[mid] ?? 0)) / 2;
    return { rule, injected, hits, misses: injected - hits, medianDelayDays, falseAlarms, cleanDays };
  });
}

/** The figures as the Markdown table of docs/early-warnings.md. */
export function figuresTable(figures: readonly RuleFigures[]): string {
  const rows = figures.map((f) => {
    const rate = f.injected ? (f.hits / f.injected).toFixed(2) : '–';
    const perThousand = f.cleanDays ? ((1000 * f.falseAlarms) / f.cleanDays).toFixed(2) : '–';
    return `| ${f.rule} | ${f.injected} | ${f.hits} | ${f.misses} | ${rate} | ${f.medianDelayDays} | ${f.falseAlarms} | ${perThousand} |`;
  });
  return [
    '| rule | injected | hits | misses | hit rate | median delay (days) | false alarms | per 1,000 clean lift-days |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}
