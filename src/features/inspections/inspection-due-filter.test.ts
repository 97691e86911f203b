import { describe, expect, it } from 'vitest';
import type { InspectionDueItem } from '../../../contract/schemas/inspection';
import {
  DEFAULT_FILTER,
  daysUntil,
  filterInspectionDue,
  inspectionDueCounts,
  inspectionsSearchOf,
  parseInspectionsSearch,
} from './inspection-due-filter';

const item = (over: Partial<InspectionDueItem>): InspectionDueItem => ({
  key: 'k',
  kind: 'main',
  liftId: 'lift-1',
  liftUid: 'A-100',
  liftAddress: 'Hauptstraße 1, Berlin',
  dueOn: '2026-12-01',
  status: 'soon',
  defectId: null,
  text: null,
  dangerous: false,
  ...over,
});

const items = [
  item({ key: 'main', kind: 'main', status: 'overdue' }),
  item({ key: 'inter', kind: 'intermediate', status: 'soon', liftUid: 'B-200', liftAddress: 'Ring 5, Köln' }),
  item({ key: 'defect-late', kind: 'defect', status: 'overdue', text: 'Seil', defectId: 'd1' }),
  item({ key: 'defect-soon', kind: 'defect', status: 'soon', text: 'Tür', defectId: 'd2' }),
];
const keys = (list: InspectionDueItem[]) => list.map((entry) => entry.key);

describe('filterInspectionDue', () => {
  it('keeps everything without filters', () => {
    expect(keys(filterInspectionDue(items, DEFAULT_FILTER))).toEqual(keys(items));
  });

  it('filters by kind, "inspection" meaning main and intermediate', () => {
    expect(keys(filterInspectionDue(items, { ...DEFAULT_FILTER, kind: 'defect' }))).toEqual([
      'defect-late',
      'defect-soon',
    ]);
    expect(keys(filterInspectionDue(items, { ...DEFAULT_FILTER, kind: 'inspection' }))).toEqual([
      'main',
      'inter',
    ]);
    expect(keys(filterInspectionDue(items, { ...DEFAULT_FILTER, kind: 'intermediate' }))).toEqual(['inter']);
  });

  it('filters by status and kind together', () => {
    expect(
      keys(filterInspectionDue(items, { ...DEFAULT_FILTER, kind: 'defect', status: 'overdue' })),
    ).toEqual(['defect-late']);
  });

  it('searches every word in the lift number and address, ignoring case', () => {
    expect(keys(filterInspectionDue(items, { ...DEFAULT_FILTER, q: 'b-2' }))).toEqual(['inter']);
    expect(keys(filterInspectionDue(items, { ...DEFAULT_FILTER, q: ' köln  ring ' }))).toEqual(['inter']);
    expect(keys(filterInspectionDue(items, { ...DEFAULT_FILTER, q: 'köln hauptstraße' }))).toEqual([]);
  });
});

describe('inspectionDueCounts', () => {
  it('counts overdue defects, overdue and soon inspections', () => {
    expect(inspectionDueCounts(items)).toEqual({
      overdueDefects: 1,
      overdueInspections: 1,
      soonInspections: 1,
    });
  });
});

describe('parseInspectionsSearch', () => {
  it('keeps known values that differ from the defaults', () => {
    expect(parseInspectionsSearch({ kind: 'defect', status: 'overdue', days: '90', q: 'A-1' })).toEqual({
      kind: 'defect',
      status: 'overdue',
      days: 90,
      q: 'A-1',
    });
    expect(parseInspectionsSearch({ days: 365 })).toEqual({ days: 365 });
  });

  it('drops unknown and default values', () => {
    expect(parseInspectionsSearch({ kind: 'all', status: 'late', days: '45', q: '  ', other: 'x' })).toEqual(
      {},
    );
    expect(inspectionsSearchOf(DEFAULT_FILTER)).toEqual({});
  });
});

describe('daysUntil', () => {
  it('counts whole days across a month and the clock change', () => {
    expect(daysUntil('2026-10-20', '2026-11-02')).toBe(13);
    expect(daysUntil('2026-11-28', '2026-11-28')).toBe(0);
    expect(daysUntil('2026-11-28', '2026-11-20')).toBe(-8);
  });
});
