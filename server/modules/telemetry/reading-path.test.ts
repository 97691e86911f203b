import { describe, expect, it } from 'vitest';
import type { IngestStep } from './ingest';
import { READING_STEPS, ReadingPath } from './reading-path';

const step = (): IngestStep => async () => undefined;

describe('ReadingPath', () => {
  it('runs the steps in the order of READING_STEPS, whatever order they were provided in', () => {
    const path = new ReadingPath();
    const provided = new Map(READING_STEPS.map((name) => [name, step()]));
    for (const name of [...READING_STEPS].reverse()) path.provide(name, provided.get(name) as IngestStep);
    expect(path.steps()).toEqual(READING_STEPS.map((name) => provided.get(name)));
  });

  it('names a step nobody provided instead of skipping it', () => {
    const path = new ReadingPath();
    path.provide('alarms', step());
    expect(() => path.steps()).toThrow('reading step analyticsRollup was not provided');
  });

  it('refuses a step provided twice', () => {
    const path = new ReadingPath();
    path.provide('alarms', step());
    expect(() => path.provide('alarms', step())).toThrow('provided twice');
  });
});
