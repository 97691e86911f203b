import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../contract/api/endpoint';
import { liftsApi } from '../../../contract/api/lifts';
import { LIFT_LIST_PATH } from './lift-list-prefetch';

describe('lift-list-prefetch', () => {
  it("asks the list's own endpoint", () => {
    expect(LIFT_LIST_PATH).toBe(pathOf(liftsApi.list));
  });
});
