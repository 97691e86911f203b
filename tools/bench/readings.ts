/** What the controller benchmarks (ingest over socket.io, mqtt) share: the readings and their summary. */

/** The bench's reading of one controller: a stats reading, every 20th an info event. */
export function benchReading(seq: number, trip: number) {
  return seq % 20 === 0
    ? {
        event: 'event' as const,
        reading: {
          seq,
          ts: Date.now(),
          code: 100 + (seq % 7),
          type: 'info' as const,
          active: true,
          floor: seq % 5,
        },
      }
    : { event: 'stats' as const, reading: { seq, ts: Date.now(), trips: trip, operatingHours: trip / 100 } };
}

export interface ReadingsResult {
  readings: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

/** Readings acknowledged per second and their latency percentiles (`latencies` in ms, any order). */
export function summarizeReadings(
  latencies: number[],
  failed: number,
  elapsedSeconds: number,
): ReadingsResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return {
    readings: sorted.length,
    perSecond: sorted.length / elapsedSeconds,
    p50: at(0.5),
    p99: at(0.99),
    failed,
  };
}

/** One printed line: label, readings/s, p50, p99, refused. */
export const readingsLine = (label: string, result: ReadingsResult, width: number) =>
  `${label.padEnd(width)} ${Math.round(result.perSecond).toString().padStart(7)} readings/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms   not ok ${result.failed}`;
