import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { inspectionDueList, inspectionsDue, isDefectOverdue, isOutOfService } from './inspection-rules';
import { InspectionInputSchema } from './schemas/inspection';

const main = (inspectedOn: string) => ({ kind: 'main' as const, inspectedOn });

describe('inspectionsDue', () => {
  it('knows no due day before a main inspection is recorded', () => {
    expect(inspectionsDue([{ kind: 'other', inspectedOn: '2025-01-01' }], 24, '2025-06-01')).toEqual({
      main: null,
      intermediate: null,
    });
  });

  it('counts from the newest main inspection: main after the interval, intermediate half-way', () => {
    const due = inspectionsDue([main('2023-03-15'), main('2025-03-10')], 24, '2025-06-01');
    expect(due.main).toEqual({ dueOn: '2027-03-10', status: 'ok' });
    expect(due.intermediate).toEqual({ dueOn: '2026-03-10', status: 'ok' });
  });

  it('falls on the last day of a shorter month', () => {
    expect(inspectionsDue([main('2023-08-31')], 12, '2023-09-01').intermediate?.dueOn).toBe('2024-02-29');
    expect(inspectionsDue([main('2022-08-31')], 12, '2022-09-01').intermediate?.dueOn).toBe('2023-02-28');
    expect(inspectionsDue([main('2024-02-29')], 24, '2024-03-01').main?.dueOn).toBe('2026-02-28');
    // An odd interval: the intermediate one after the whole months of its first half.
    expect(inspectionsDue([main('2024-01-31')], 25, '2024-02-01').intermediate?.dueOn).toBe('2025-01-31');
  });

  it('tells overdue and due within 30 days', () => {
    const due = inspectionsDue([main('2024-01-10')], 24, '2025-01-20');
    expect(due.intermediate).toEqual({ dueOn: '2025-01-10', status: 'overdue' });
    expect(inspectionsDue([main('2024-01-10')], 24, '2024-12-11').intermediate?.status).toBe('soon');
    expect(inspectionsDue([main('2024-01-10')], 24, '2024-12-10').intermediate?.status).toBe('ok');
  });

  it('drops the intermediate one once done in the interval', () => {
    const due = inspectionsDue(
      [main('2024-01-10'), { kind: 'intermediate', inspectedOn: '2025-01-05' }],
      24,
      '2025-02-01',
    );
    expect(due.intermediate).toBeNull();
    expect(due.main?.dueOn).toBe('2026-01-10');
  });
});

describe('defects', () => {
  const defect = { inspectionId: 'a', deadline: '2025-01-10', fixedAt: null, closedAt: null };
  it('is overdue past its deadline until fixed', () => {
    expect(isDefectOverdue(defect, '2025-01-10')).toBe(false);
    expect(isDefectOverdue(defect, '2025-01-11')).toBe(true);
    expect(isDefectOverdue({ ...defect, fixedAt: '2025-01-11T08:00:00Z' }, '2025-01-12')).toBe(false);
  });

  it('keeps the lift out of service while a dangerous defect is not closed', () => {
    const inspections = [
      { id: 'a', result: 'dangerous' as const },
      { id: 'b', result: 'minor' as const },
    ];
    expect(isOutOfService(inspections, [defect])).toBe(true);
    expect(isOutOfService(inspections, [{ ...defect, fixedAt: '2025-01-11T08:00:00Z' }])).toBe(true);
    expect(isOutOfService(inspections, [{ ...defect, closedAt: '2025-01-12T08:00:00Z' }])).toBe(false);
    expect(isOutOfService(inspections, [{ ...defect, inspectionId: 'b' }])).toBe(false);
  });
});

describe('InspectionInputSchema', () => {
  const input = { inspectedOn: '2025-01-10', kind: 'main', body: 'TÜV Süd', result: 'none' };
  it('asks for defects with a result that has them, and for none without', () => {
    expect(v.safeParse(InspectionInputSchema, input).success).toBe(true);
    const missing = v.safeParse(InspectionInputSchema, { ...input, result: 'dangerous' });
    expect(missing.issues?.map((issue) => v.getDotPath(issue))).toEqual(['defects']);
    const unexpected = v.safeParse(InspectionInputSchema, {
      ...input,
      defects: [{ text: 'Seil', deadline: '2025-02-01' }],
    });
    expect(unexpected.issues?.map((issue) => v.getDotPath(issue))).toEqual(['defects']);
  });
});

describe('inspectionDueList', () => {
  const inspection = {
    id: 'i1',
    liftId: 'a',
    kind: 'main' as const,
    inspectedOn: '2024-01-10',
    result: 'dangerous' as const,
  };
  const defect = (id: string, deadline: string, extra = {}) => ({
    id,
    liftId: 'a',
    inspectionId: 'i1',
    text: `Mangel ${id}`,
    deadline,
    fixedAt: null,
    closedAt: null,
    ...extra,
  });

  it('lists due and overdue inspections and open unfixed defects of known lifts, soonest first', () => {
    const list = inspectionDueList(
      {
        lifts: [{ id: 'a', mainEveryMonths: null }],
        inspections: [inspection, { ...inspection, id: 'i2', liftId: 'unknown' }],
        defects: [
          defect('d1', '2025-02-01'),
          defect('d2', '2024-06-01'),
          defect('fixed', '2024-06-01', { fixedAt: '2024-05-01T10:00:00Z' }),
          defect('closed', '2024-06-01', { closedAt: '2024-05-01T10:00:00Z' }),
          defect('later', '2025-06-01'),
          { ...defect('elsewhere', '2024-06-01'), liftId: 'unknown' },
        ],
      },
      '2025-01-20',
    );
    expect(list.map(({ key, status, dangerous }) => ({ key, status, dangerous }))).toEqual([
      { key: 'defect:d2:2024-06-01', status: 'overdue', dangerous: true },
      { key: 'intermediate:a:2025-01-10', status: 'overdue', dangerous: false },
      { key: 'defect:d1:2025-02-01', status: 'soon', dangerous: true },
    ]);
  });

  it("reads the lift's own interval and the window asked for", () => {
    const input = { lifts: [{ id: 'a', mainEveryMonths: 12 }], inspections: [inspection], defects: [] };
    expect(inspectionDueList(input, '2024-07-01').map((entry) => entry.key)).toEqual([
      'intermediate:a:2024-07-10',
    ]);
    expect(inspectionDueList(input, '2024-07-01', 5)).toEqual([]);
  });
});
