import { describe, expect, it } from 'vitest';
import { alarmSeverity, compareAlarms } from './alarm-severity';

describe('alarm severity', () => {
  it('ranks trapped passengers and out of service above a fault above offline above a test', () => {
    const at = '2026-11-28T10:00:00Z';
    const later = '2026-11-28T11:00:00Z';
    const alarms = [
      { kind: 'test' as const, code: null, openedAt: later },
      { kind: 'offline' as const, code: null, openedAt: later },
      { kind: 'error' as const, code: 4711, openedAt: at },
      { kind: 'error' as const, code: 4711, openedAt: later },
      { kind: 'error' as const, code: 191, openedAt: later },
      { kind: 'error' as const, code: 123, openedAt: at },
    ];
    const sorted = [...alarms].sort(compareAlarms);
    expect(sorted.map(alarmSeverity)).toEqual([
      'trapped',
      'outOfService',
      'fault',
      'fault',
      'offline',
      'test',
    ]);
    // The same severity: newest first.
    expect(sorted[2]?.openedAt).toBe(later);
  });

  it('puts an emergency call above everything, and an overdue line test with out of service', () => {
    const at = '2026-11-28T10:00:00Z';
    const alarms = [
      { kind: 'error' as const, code: 123, openedAt: '2026-11-28T12:00:00Z' },
      { kind: 'lineTestOverdue' as const, code: null, openedAt: at },
      { kind: 'emergencyCall' as const, code: null, openedAt: at },
    ];
    const sorted = [...alarms].sort(compareAlarms);
    expect(sorted.map((alarm) => alarm.kind)).toEqual(['emergencyCall', 'error', 'lineTestOverdue']);
    expect(sorted.map(alarmSeverity)).toEqual(['emergencyCall', 'trapped', 'outOfService']);
  });
});
