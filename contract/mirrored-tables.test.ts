import { describe, expect, it } from 'vitest';
import { LIFT_CHILD_TABLES, MIRRORED_TABLE_NAMES, MIRRORED_TABLES } from './mirrored-tables';

describe('mirrored tables', () => {
  it("lets a lift's deletion find the rows of each of its child tables by `liftId`", () => {
    for (const name of LIFT_CHILD_TABLES) {
      const { indexes } = MIRRORED_TABLES[name];
      expect(
        indexes.some((index) => index === 'liftId' || index.startsWith('[liftId+')),
        `${name} needs an index that starts with liftId`,
      ).toBe(true);
    }
  });

  it('names each outbox entity once, so a waiting change finds its table', () => {
    const entities = MIRRORED_TABLE_NAMES.flatMap((name) => MIRRORED_TABLES[name].outboxEntity ?? []);
    expect(new Set(entities).size).toBe(entities.length);
  });
});
