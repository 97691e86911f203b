import { describe, expect, it } from 'vitest';
import { type TodayInput, type TodayLift, todayActionCount, todayList } from './today';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const TODAY = '2026-06-15';

const lift = (id: string, uid: string, overrides: Partial<TodayLift> = {}): TodayLift => ({
  id,
  uid,
  address: `${uid} street`,
  servicemen: [ME],
  stats: { trips: 0, operatingHours: 0 },
  // Registered a month ago with a 12-month plan: nothing due by the calendar.
  maintenance: { everyTrips: null, everyHours: null, everyMonths: null, since: '2026-05-15', baseline: null },
  inspectionEveryMonths: null,
  ...overrides,
});

const base = (overrides: Partial<TodayInput> = {}): TodayInput => ({
  userId: ME,
  lifts: [lift('l1', 'A-1'), lift('l2', 'A-2'), lift('l3', 'B-1', { servicemen: [OTHER] })],
  alarms: [],
  visits: [],
  pendingVisits: [],
  inspections: [],
  defects: [],
  maintenance: { everyTrips: 50_000, everyHours: 500, everyMonths: 12, noticeDays: 7 },
  today: TODAY,
  ...overrides,
});

const alarm = (id: string, liftId: string, openedAt: string, acknowledgedAt: string | null = null) => ({
  id,
  liftId,
  kind: 'error' as const,
  code: 4711,
  name: 'Door jammed',
  nameDE: 'Tür klemmt',
  openedAt,
  acknowledgedAt,
  closedAt: null,
});

describe('todayList', () => {
  it('lists open alarms of his lifts, unacknowledged first, then oldest first', () => {
    const items = todayList(
      base({
        alarms: [
          alarm('a1', 'l1', '2026-06-15T08:00:00Z', '2026-06-15T08:05:00Z'),
          alarm('a2', 'l1', '2026-06-15T09:00:00Z'),
          alarm('a3', 'l2', '2026-06-15T07:00:00Z'),
          { ...alarm('a4', 'l2', '2026-06-15T06:00:00Z'), closedAt: '2026-06-15T06:30:00Z' },
          alarm('a5', 'l3', '2026-06-15T05:00:00Z'),
        ],
      }),
    );
    expect(items.map((item) => item.key)).toEqual(['alarm:a3', 'alarm:a2', 'alarm:a1']);
    expect(items.map((item) => item.needsAction)).toEqual([true, true, false]);
    expect(items[0]).toMatchObject({
      liftUid: 'A-2',
      liftAddress: 'A-2 street',
      since: '2026-06-15T07:00:00Z',
    });
  });

  it('puts an emergency call not acknowledged before older alarms', () => {
    const items = todayList(
      base({
        alarms: [
          alarm('a3', 'l2', '2026-06-15T07:00:00Z'),
          { ...alarm('e1', 'l1', '2026-06-15T09:30:00Z'), kind: 'emergencyCall' as const, code: 0 },
        ],
      }),
    );
    expect(items.map((item) => item.key)).toEqual(['alarm:e1', 'alarm:a3']);
  });

  it('lists maintenance overdue or due within 7 days, soonest first, and none further off', () => {
    const items = todayList(
      base({
        lifts: [
          // Due by the calendar in 5 days (12 months after its registration).
          lift('l1', 'A-1', { maintenance: { ...lift('', '').maintenance, since: '2025-06-20' } }),
          // Overdue: its trips are used up.
          lift('l2', 'A-2', { stats: { trips: 60_000, operatingHours: 10 } }),
          // Due in 10 days: not today's work.
          lift('l4', 'A-4', { maintenance: { ...lift('', '').maintenance, since: '2025-06-25' } }),
        ],
      }),
    );
    expect(items.map((item) => [item.key, 'dueOn' in item ? item.dueOn : null])).toEqual([
      ['maintenance:l2', TODAY],
      ['maintenance:l1', '2026-06-20'],
    ]);
    expect(items[0]).toMatchObject({ overdue: true });
    expect(items[1]).toMatchObject({ overdue: false });
  });

  it('counts the interval from the last visit', () => {
    const input = base({
      lifts: [lift('l1', 'A-1', { maintenance: { ...lift('', '').maintenance, since: '2025-06-20' } })],
    });
    expect(todayList(input)).toHaveLength(1);
    const visited = {
      ...input,
      visits: [{ liftId: 'l1', visitedOn: '2026-06-01', trips: 0, operatingHours: 0 }],
    };
    expect(todayList(visited)).toEqual([]);
  });

  it('lists visits of this device not delivered; only refused ones need him', () => {
    const items = todayList(
      base({
        pendingVisits: [
          { id: 'v2', liftId: 'l2', visitedOn: TODAY, state: 'failed', createdAt: '2026-06-15T10:00:00Z' },
          { id: 'v1', liftId: 'l1', visitedOn: TODAY, state: 'pending', createdAt: '2026-06-15T09:00:00Z' },
        ],
        alarms: [alarm('a1', 'l1', '2026-06-15T08:00:00Z')],
      }),
    );
    expect(items.map((item) => item.key)).toEqual(['alarm:a1', 'visit:v1', 'visit:v2']);
    expect(todayActionCount(items)).toBe(2);
  });

  it('lists inspections and defect deadlines due within 7 days, with maintenance by day', () => {
    const items = todayList(
      base({
        lifts: [
          lift('l1', 'A-1', { maintenance: { ...lift('', '').maintenance, since: '2025-06-18' } }),
          lift('l2', 'A-2'),
        ],
        // Intermediate inspection half-way through 24 months: 2026-06-16, tomorrow.
        inspections: [{ id: 'i1', liftId: 'l2', kind: 'main', inspectedOn: '2025-06-16' }],
        defects: [
          {
            id: 'd1',
            liftId: 'l2',
            inspectionId: 'i1',
            text: 'Rope',
            deadline: '2026-06-10',
            fixedAt: null,
            closedAt: null,
          },
          {
            id: 'd2',
            liftId: 'l2',
            inspectionId: 'i1',
            text: 'Light',
            deadline: '2026-06-10',
            fixedAt: '2026-06-09T10:00:00Z',
            closedAt: null,
          },
          {
            id: 'd3',
            liftId: 'l2',
            inspectionId: 'i1',
            text: 'Sign',
            deadline: '2026-07-30',
            fixedAt: null,
            closedAt: null,
          },
        ],
      }),
    );
    expect(items.map((item) => item.key)).toEqual([
      'defect:d1',
      'inspection:l2:intermediate',
      'maintenance:l1',
    ]);
    expect(items[0]).toMatchObject({ overdue: true, text: 'Rope' });
    expect(items[1]).toMatchObject({ overdue: false, dueOn: '2026-06-16' });
  });

  it('counts inspections by the lift’s own interval', () => {
    const inspections = [{ id: 'i1', liftId: 'l2', kind: 'main' as const, inspectedOn: '2025-06-16' }];
    // 12 months: the main inspection is due 2026-06-16, tomorrow; the intermediate one was due
    // half-way and is overdue.
    const own = todayList(base({ lifts: [lift('l2', 'A-2', { inspectionEveryMonths: 12 })], inspections }));
    expect(own.filter((item) => item.kind === 'inspection')).toMatchObject([
      { key: 'inspection:l2:intermediate', dueOn: '2025-12-16', overdue: true },
      { key: 'inspection:l2:main', dueOn: '2026-06-16', overdue: false },
    ]);
    // 48 months: nothing falls due this week.
    const long = todayList(base({ lifts: [lift('l2', 'A-2', { inspectionEveryMonths: 48 })], inspections }));
    expect(long.filter((item) => item.kind === 'inspection')).toEqual([]);
  });

  it('builds another man’s list from his lifts only', () => {
    const items = todayList(
      base({
        userId: OTHER,
        alarms: [alarm('a1', 'l1', '2026-06-15T08:00:00Z'), alarm('a5', 'l3', '2026-06-15T05:00:00Z')],
      }),
    );
    expect(items.map((item) => item.key)).toEqual(['alarm:a5']);
  });
});
