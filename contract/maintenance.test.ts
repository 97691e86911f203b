import { describe, expect, it } from 'vitest';
import { addMonths, maintenanceDue } from './maintenance';

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
