import { describe, expect, it } from 'vitest';
import { EMERGENCY_CALL_CODES, type EventReading } from '../../contract/device';
import { DEMO_LINE_TEST } from './controller-outbox';
import { VirtualController } from './virtual-controller';

const HOUR = 3_600_000;

describe('the simulated emergency-call line test', () => {
  it('tests at the first ride and then every 72 hours of its clock; misses and failures by the draw', () => {
    let now = Date.UTC(2026, 10, 1);
    const draws = [0.5, 0.01, 0.07, 0.9];
    const controller = new VirtualController({
      imei: '359990000000001',
      key: 'not-connected-key-0123',
      url: 'http://127.0.0.1:9',
      reconnect: false,
      now: () => now,
      lineTest: { ...DEMO_LINE_TEST, random: () => draws.shift() ?? 0.5 },
    });
    const tests = () =>
      [...controller.outbox.values()]
        .map((entry) => entry.reading as EventReading)
        .filter((reading) => reading.code === EMERGENCY_CALL_CODES.lineTest)
        .map((reading) => [(reading.ts - Date.UTC(2026, 10, 1)) / HOUR, reading.result]);
    // Rides every hour for 13 days: a test is due at 0, 72, 144, 216 and 288 hours.
    for (let hour = 0; hour <= 13 * 24; hour++) {
      now = Date.UTC(2026, 10, 1) + hour * HOUR;
      controller.ride();
    }
    // 0.5 passes, 0.01 is missed (under 5 %), 0.07 fails (the next 5 %), 0.9 and then 0.5 pass.
    expect(tests()).toEqual([
      [0, 'ok'],
      [144, 'failed'],
      [216, 'ok'],
      [288, 'ok'],
    ]);
    controller.close();
  });
});
