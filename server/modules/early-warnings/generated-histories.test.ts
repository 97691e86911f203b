import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateRules, figuresTable, generateHistories } from './history-generator';

/**
 * The rules over 200 generated lifts × 90 days with known anomalies (docs/early-warnings.md#evaluation).
 * The generator is seeded, so the figures are exact: the table printed here is the one in the docs,
 * and the bounds below are what the rules promise.
 */
describe('early warnings on generated histories', () => {
  const histories = generateHistories({ lifts: 200, days: 90, seed: 20261128 });
  const figures = evaluateRules(histories);
  const table = figuresTable(figures);

  it('catches at least 90 % of each kind of anomaly within 14 days, with at most one false alarm per 1,000 lift-days', () => {
    process.stdout.write(`\n${table}\n\n`);
    for (const f of figures) {
      expect(f.injected, f.rule).toBe(40);
      expect(f.hits / f.injected, f.rule).toBeGreaterThanOrEqual(0.9);
      expect(f.medianDelayDays, f.rule).toBeLessThanOrEqual(7);
      expect(f.falseAlarms / f.cleanDays, f.rule).toBeLessThanOrEqual(0.001);
    }
  });

  it('has the figures docs/early-warnings.md shows', () => {
    const docs = readFileSync(new URL('../../../docs/early-warnings.md', import.meta.url), 'utf8');
    expect(docs).toContain(table);
  });
});
