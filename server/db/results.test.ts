import { describe, expect, it } from 'vitest';
import { countOf, isUniqueViolation, rowsOf } from './results';

describe('db results', () => {
  const wrapped = (inner: object) => Object.assign(new Error('Failed query'), { cause: inner });

  it('finds a unique violation in the error or its causes, whatever the constraint', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(wrapped({ code: '23505', constraint: 'x_idx' }))).toBe(true);
    expect(isUniqueViolation(wrapped({ code: '23503' }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it('with a constraint, counts only that index (or a violation naming none)', () => {
    expect(isUniqueViolation(wrapped({ code: '23505', constraint: 'a_idx' }), 'a_idx')).toBe(true);
    expect(isUniqueViolation(wrapped({ code: '23505', constraint: 'b_idx' }), 'a_idx')).toBe(false);
    expect(isUniqueViolation(wrapped({ code: '23505' }), 'a_idx')).toBe(true);
    expect(isUniqueViolation(wrapped({ message: 'duplicate key violates "a_idx"' }), 'a_idx')).toBe(true);
  });

  it('stops on a cause cycle', () => {
    const a: { code: string; cause?: unknown } = { code: '1' };
    a.cause = { code: '2', cause: a };
    expect(isUniqueViolation(a)).toBe(false);
  });

  it('reads rows and counts from either driver', () => {
    expect(rowsOf<number>({ rows: [1, 2] })).toEqual([1, 2]);
    expect(rowsOf<number>([3])).toEqual([3]);
    expect(rowsOf<number>({})).toEqual([]);
    expect(countOf({ rowCount: 2 })).toBe(2);
    expect(countOf({ affectedRows: 3 })).toBe(3);
    expect(countOf({})).toBe(0);
  });
});
