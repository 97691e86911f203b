import { isEmergencyCallEvent } from '../../contract/device';

/**
 * When a demo lift breaks down and when it is repaired (docs/architecture.md#seed-and-demo-mode).
 * Real lifts fail now and then and most faults clear within minutes (a door blocked, a reset), a
 * few take a technician's visit. The rates are per lift and per real time, not per trip, so the
 * share of broken lifts stays small however fast the controllers ride.
 */
export interface FaultRates {
  /** Mean time between two faults of one lift. */
  meanTimeBetweenFaultsMs: number;
  /** Mean duration of a short fault (most of them). */
  meanShortFaultMs: number;
  /** Mean duration of a long fault, one that needs a visit. */
  meanLongFaultMs: number;
  /** Share of faults that are long (0 to 1). */
  longFaultShare: number;
  /** Mean time between two info events of one lift. */
  meanTimeBetweenInfosMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A fault every 6 hours per lift on average, 85 % cleared after about 4 minutes, the rest after
 * about 45: a lift has an open fault about 3 % of the time, so 12 lifts show one or none at once.
 */
export const DEMO_FAULT_RATES: FaultRates = {
  meanTimeBetweenFaultsMs: 6 * HOUR,
  meanShortFaultMs: 4 * MINUTE,
  meanLongFaultMs: 45 * MINUTE,
  longFaultShare: 0.15,
  meanTimeBetweenInfosMs: 2 * HOUR,
};

export type FaultEvent =
  | { type: 'error'; code: number; active: boolean; floor?: number }
  | { type: 'info'; code: number; active: true };

export interface FaultModelOptions {
  rates?: FaultRates;
  /** A number in [0, 1); `Math.random` unless a test controls it. */
  random?: () => number;
}

/** Draws an exponentially distributed duration with the given mean. */
function exponential(meanMs: number, random: () => number): number {
  return -meanMs * Math.log(1 - random());
}

/** Whether an event with the given mean interval happens within `elapsedMs` (a Poisson process). */
function happens(elapsedMs: number, meanMs: number, random: () => number): boolean {
  return random() < 1 - Math.exp(-elapsedMs / meanMs);
}

/** One lift's faults over time: `step(now)` answers the events since the last step. */
export class FaultModel {
  private readonly rates: FaultRates;
  private readonly random: () => number;
  private readonly codes: { errors: number[]; infos: number[] };
  private lastStep: number | null = null;
  /** The open fault and when it clears; a lift has at most one at a time. */
  private open: { code: number; clearsAt: number } | null = null;

  constructor(codes: { errors: number[]; infos: number[] }, options: FaultModelOptions = {}) {
    // The emergency-call system's events are its own (controller-outbox.ts), never a random info.
    this.codes = {
      errors: codes.errors,
      infos: codes.infos.filter((code) => !isEmergencyCallEvent({ type: 'info', code })),
    };
    this.rates = options.rates ?? DEMO_FAULT_RATES;
    this.random = options.random ?? Math.random;
  }

  get openFault(): number | null {
    return this.open?.code ?? null;
  }

  step(now: number): FaultEvent[] {
    const elapsed = this.lastStep === null ? 0 : Math.max(0, now - this.lastStep);
    this.lastStep = now;
    const events: FaultEvent[] = [];
    const { rates, random } = this;
    if (this.open && now >= this.open.clearsAt) {
      events.push({ type: 'error', code: this.open.code, active: false });
      this.open = null;
    } else if (
      !this.open &&
      this.codes.errors.length > 0 &&
      happens(elapsed, rates.meanTimeBetweenFaultsMs, random)
    ) {
      const code = this.pick(this.codes.errors);
      const long = random() < rates.longFaultShare;
      const duration = exponential(long ? rates.meanLongFaultMs : rates.meanShortFaultMs, random);
      this.open = { code, clearsAt: now + duration };
      events.push({ type: 'error', code, active: true, floor: Math.floor(random() * 6) });
    }
    if (this.codes.infos.length > 0 && happens(elapsed, rates.meanTimeBetweenInfosMs, random)) {
      events.push({ type: 'info', code: this.pick(this.codes.infos), active: true });
    }
    return events;
  }

  private pick(list: number[]): number {
    return list[Math.floor(this.random() * list.length)] as number;
  }
}
