import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOUR_MS } from '../../contract/time';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';
import { periodicJobRuns } from '../db/schema/jobs';
import { catchUpDelayMs } from './jobs';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function lastRunOf(app: TestApp, name: string) {
  const [row] = await app.database.handle.db
    .select({ lastRunAt: periodicJobRuns.lastRunAt })
    .from(periodicJobRuns)
    .where(eq(periodicJobRuns.name, name));
  return row?.lastRunAt;
}

describe('a periodic job that catches up', () => {
  it('is due its period after its last run: at once when it never ran or is overdue', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(catchUpDelayMs(undefined, HOUR_MS, now)).toBe(0);
    expect(catchUpDelayMs(new Date('2026-11-25T10:00:00Z'), HOUR_MS, now)).toBe(0);
    expect(catchUpDelayMs(new Date('2026-11-25T11:45:00Z'), HOUR_MS, now)).toBe(45 * 60 * 1000);
    // A last run "in the future" (another process's clock ahead) waits one period at most.
    expect(catchUpDelayMs(new Date('2026-11-25T15:00:00Z'), HOUR_MS, now)).toBe(HOUR_MS);
  });

  it('runs at once where it never ran, and the database keeps when', async () => {
    t = await createTestApp();
    const before = new Date();
    let runs = 0;
    t.app.jobs.every('test: never ran', HOUR_MS, async () => void runs++, { catchUp: true });
    const app = t;
    await vi.waitFor(async () => expect(await lastRunOf(app, 'test: never ran')).toBeDefined(), {
      timeout: 10_000,
    });
    expect(runs).toBe(1);
    expect((await lastRunOf(app, 'test: never ran'))?.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it('after a restart, runs an overdue job at once and leaves one that ran lately for later', async () => {
    t = await createTestApp();
    const app = t;
    const lately = new Date();
    await app.database.handle.db.insert(periodicJobRuns).values([
      { name: 'test: overdue', lastRunAt: new Date(Date.now() - 2 * HOUR_MS) },
      { name: 'test: ran lately', lastRunAt: lately },
    ]);
    const runs = { overdue: 0, lately: 0 };
    // Registered in this order, the recent job's last run is looked up before the overdue one runs.
    app.app.jobs.every('test: ran lately', HOUR_MS, async () => void runs.lately++, { catchUp: true });
    app.app.jobs.every('test: overdue', HOUR_MS, async () => void runs.overdue++, { catchUp: true });
    await vi.waitFor(
      async () =>
        expect((await lastRunOf(app, 'test: overdue'))?.getTime()).toBeGreaterThan(Date.now() - HOUR_MS),
      { timeout: 10_000 },
    );
    expect(runs).toEqual({ overdue: 1, lately: 0 });
    expect(await lastRunOf(app, 'test: ran lately')).toEqual(lately);
  });

  it('does not record a run that failed, so the next leader tries again at once', async () => {
    t = await createTestApp();
    const app = t;
    let tries = 0;
    app.app.jobs.every(
      'test: fails',
      HOUR_MS,
      async () => {
        tries++;
        throw new Error('no SIM provider');
      },
      { catchUp: true },
    );
    await vi.waitFor(() => expect(tries).toBe(1), { timeout: 10_000 });
    expect(await lastRunOf(app, 'test: fails')).toBeUndefined();
  });
});
