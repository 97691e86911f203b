import { describe, expect, it } from 'vitest';
import { addDays, addMonths, maintenanceDue } from './maintenance';
import { DAY_MS } from './time';

const plan = { everyTrips: 1000, everyHours: 100, everyMonths: 6 };

describe('maintenanceDue', () => {
  it('falls due by the calendar when the counters are slow', () => {
    const due = maintenanceDue(
      { trips: 10, operatingHours: 1, lastVisit: null, since: '2026-01-31' },
      plan,
      '2026-02-10',
      7,
    );
    expect(due).toMatchObject({ status: 'ok', dueOn: '2026-07-31', reason: 'months', tripsLeft: 990 });
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('estimates the day from the pace of a counter, and warns the notice days before', () => {
    const input = {
      trips: 5900,
      operatingHours: 20,
      lastVisit: { visitedOn: '2026-03-01', trips: 5000, operatingHours: 10 },
      since: '2025-01-01',
    };
    // 900 trips in 9 days: 100 a day, 100 left: the next day.
    expect(maintenanceDue(input, plan, '2026-03-10', 0)).toMatchObject({
      status: 'ok',
      dueOn: '2026-03-11',
      reason: 'trips',
    });
    expect(maintenanceDue(input, plan, '2026-03-10', 1).status).toBe('due');
  });

  it('counts the first interval from the first reading the portal received', () => {
    const due = maintenanceDue(
      {
        trips: 400_500,
        operatingHours: 3000,
        lastVisit: null,
        since: '2026-01-01',
        baseline: { trips: 400_000, operatingHours: 2990 },
      },
      plan,
      '2026-01-11',
      7,
    );
    expect(due).toMatchObject({
      tripsLeft: 500,
      hoursLeft: 90,
      status: 'ok',
      reason: 'trips',
      dueOn: '2026-01-21',
    });
  });

  it('is overdue once a limit is reached or the day passed, and a visit resets it', () => {
    expect(
      maintenanceDue(
        { trips: 50, operatingHours: 120, lastVisit: null, since: '2026-01-01' },
        plan,
        '2026-01-20',
        7,
      ),
    ).toMatchObject({ status: 'overdue', reason: 'hours', hoursLeft: 0 });
    expect(
      maintenanceDue(
        { trips: 0, operatingHours: 0, lastVisit: null, since: '2025-01-01' },
        plan,
        '2026-01-20',
        7,
      ).status,
    ).toBe('overdue');
    expect(
      maintenanceDue(
        {
          trips: 0,
          operatingHours: 0,
          lastVisit: { visitedOn: '2026-01-19', trips: 0, operatingHours: 0 },
          since: '2025-01-01',
        },
        plan,
        '2026-01-20',
        7,
      ),
    ).toMatchObject({ status: 'ok', dueOn: '2026-07-19' });
  });
});

describe('day arithmetic', () => {
  // The reference: the same steps with Date in UTC, as the module computed them before.
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it('adds days and months as Date does, for every day from 1899 to 2201', () => {
    const mismatches: string[] = [];
    for (let ms = Date.UTC(1899, 0, 1); ms < Date.UTC(2201, 0, 1); ms += DAY_MS) {
      const day = iso(ms);
      for (const days of [-400, -1, 0, 1, 30, 365, 10_000]) {
        const expected = iso(ms + days * DAY_MS);
        if (addDays(day, days) !== expected) mismatches.push(`${day} + ${days} days`);
      }
      const date = new Date(ms);
      for (const months of [-13, 1, 6, 12, 25]) {
        const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
        const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
        target.setUTCDate(Math.min(date.getUTCDate(), last));
        if (addMonths(day, months) !== iso(target.getTime())) mismatches.push(`${day} + ${months} months`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2100-01-31', 1)).toBe('2100-02-28');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
  }, 60_000); // A hang guard: this loop over 110,000 days has run past vitest's 5 s default on a loaded machine.
});
