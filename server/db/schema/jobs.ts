import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When each periodic job that catches up last ran (server/plugins/jobs.ts): a new leader runs it
 * when it is due by that time, so restarts do not postpone it (docs/scaling.md#periodic-jobs).
 */
export const periodicJobRuns = pgTable('periodic_job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
