import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { periodicJobRuns } from '../db/schema/jobs';
import { definePlugin } from '../lib/define-plugin';

/** What a periodic job may say about when it runs first. */
export interface JobOptions {
  /** The first run this long after this process became the leader; none: only after `everyMs`. */
  firstDelayMs?: number;
  /**
   * The database keeps when the job last ran, and a new leader runs it when it is due by that
   * time: at once when it never ran or is overdue. For jobs whose `everyMs` is longer than a
   * process may live (hours): without it, a portal restarted more often would never run them.
   */
  catchUp?: boolean;
}

/** How long after `now` a job that catches up is due: `everyMs` after its last run, at once if overdue or never run. */
export function catchUpDelayMs(lastRunAt: Date | undefined, everyMs: number, now: Date): number {
  if (!lastRunAt) return 0;
  return Math.max(0, Math.min(everyMs, lastRunAt.getTime() + everyMs - now.getTime()));
}

/** Work that lives only while this process leads (demo controllers): `start` answers how to stop it. */
type LeaderWork = () => Promise<() => void> | (() => void);

export interface Jobs {
  /**
   * Runs `run` every `everyMs` on one process of all that share the database (the leader), the
   * first time `firstDelayMs` after it became leader. A run still busy skips the next tick.
   */
  every(name: string, everyMs: number, run: () => Promise<unknown>, options?: JobOptions): void;
  /** Starts `work` when this process becomes leader, stops it when it no longer is. */
  whileLeader(name: string, work: LeaderWork): void;
  /** Whether this process runs the periodic jobs now. */
  isLeader(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export interface JobsPluginOptions {
  /** How often a follower tries to become leader (ms). */
  electEveryMs?: number;
}

/** Arbitrary but fixed: the session-level advisory lock whose holder is the leader (docs/scaling.md#periodic-jobs). */
export const LEADER_LOCK_KEY = 727_465_090;
const ELECT_EVERY_MS = 5_000;

interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  firstDelayMs: number | undefined;
  catchUp: boolean;
  /** Bumped when leadership starts or ends, so a slow look-up of the last run schedules nothing stale. */
  generation: number;
  timers: NodeJS.Timeout[];
  running: boolean;
}

/**
 * `app.jobs`: the one way to run periodic work (docs/scaling.md#periodic-jobs). On PostgreSQL the
 * leader is the process holding a session-level advisory lock on its own connection: when that
 * connection is lost, so is the lock, and another process takes it within `electEveryMs`. On
 * PGlite (one process by nature) this process always leads.
 */
export const jobsPlugin = definePlugin<JobsPluginOptions>('jobs', async (app, options) => {
  const jobs: Job[] = [];
  const works = new Map<string, { work: LeaderWork; stop?: () => void }>();
  let leader = false;
  let closed = false;

  const recordRun = (name: string, at: Date) =>
    app.db
      .insert(periodicJobRuns)
      .values({ name, lastRunAt: at })
      .onConflictDoUpdate({ target: periodicJobRuns.name, set: { lastRunAt: sql`excluded.last_run_at` } });
  const lastRunOf = async (name: string) => {
    const [row] = await app.db
      .select({ lastRunAt: periodicJobRuns.lastRunAt })
      .from(periodicJobRuns)
      .where(eq(periodicJobRuns.name, name));
    return row?.lastRunAt;
  };

  const runJob = (job: Job) => {
    if (job.running || !leader) return;
    job.running = true;
    const startedAt = new Date();
    const endTimer = app.metrics.jobRunSeconds.startTimer({ job: job.name });
    const counted = (outcome: 'ok' | 'failed') => {
      endTimer();
      app.metrics.jobRuns.inc({ job: job.name, outcome });
    };
    job
      .run()
      .then(
        () => counted('ok'),
        (error: unknown) => {
          counted('failed');
          throw error;
        },
      )
      .then(() => (job.catchUp && !closed ? recordRun(job.name, startedAt) : undefined))
      .catch((error: unknown) => app.log.warn({ err: error, job: job.name }, 'periodic job failed'))
      .finally(() => {
        job.running = false;
      });
  };
  /** The first run after `firstDelayMs` (none: only after `everyMs`), then one every `everyMs`. */
  const schedule = (job: Job, firstDelayMs: number | undefined) => {
    const repeat = () => {
      const every = setInterval(() => runJob(job), job.everyMs);
      every.unref();
      job.timers.push(every);
    };
    if (firstDelayMs === undefined) return repeat();
    // A job that does not catch up keeps its phase from leadership on; one that does, from its first run.
    if (!job.catchUp) repeat();
    const first = setTimeout(() => {
      runJob(job);
      if (job.catchUp) repeat();
    }, firstDelayMs);
    first.unref();
    job.timers.push(first);
  };
  const startJob = (job: Job) => {
    if (!job.catchUp) return schedule(job, job.firstDelayMs);
    const generation = ++job.generation;
    lastRunOf(job.name)
      .then((lastRunAt) => catchUpDelayMs(lastRunAt, job.everyMs, new Date()))
      .catch((error: unknown) => {
        app.log.warn({ err: error, job: job.name }, 'the last run of a periodic job is unknown: it runs now');
        return 0;
      })
      .then((delayMs) => {
        // Leadership may have been lost (and taken again) meanwhile.
        if (leader && job.generation === generation) schedule(job, delayMs);
      });
  };
  const stopJob = (job: Job) => {
    job.generation++;
    for (const timer of job.timers) clearTimeout(timer);
    job.timers = [];
  };
  const startWork = (name: string) => {
    const entry = works.get(name);
    if (!entry) return;
    Promise.resolve(entry.work())
      .then((stop) => {
        // Leadership may have gone (or the app closed) while it started.
        if (leader && !closed) entry.stop = stop;
        else stop();
      })
      .catch((error: unknown) => app.log.warn({ err: error, work: name }, 'leader work failed to start'));
  };
  const stopWork = (name: string) => {
    const entry = works.get(name);
    entry?.stop?.();
    if (entry) entry.stop = undefined;
  };

  const becomeLeader = () => {
    if (leader || closed) return;
    leader = true;
    app.log.info('this process now runs the periodic jobs (leader)');
    for (const job of jobs) startJob(job);
    for (const name of works.keys()) startWork(name);
  };
  const loseLeadership = () => {
    if (!leader) return;
    leader = false;
    app.log.warn('this process no longer runs the periodic jobs (leadership lost)');
    for (const job of jobs) stopJob(job);
    for (const name of works.keys()) stopWork(name);
  };

  app.decorate('jobs', {
    every(name, everyMs, run, jobOptions = {}) {
      const job: Job = {
        name,
        everyMs,
        run,
        firstDelayMs: jobOptions.firstDelayMs,
        catchUp: jobOptions.catchUp ?? false,
        generation: 0,
        timers: [],
        running: false,
      };
      jobs.push(job);
      if (leader) startJob(job);
    },
    whileLeader(name, work) {
      works.set(name, { work });
      if (leader) startWork(name);
    },
    isLeader: () => leader,
  } satisfies Jobs);

  const url = app.databaseUrl;
  if (!url) {
    // PGlite: one process per data directory, so this one leads. Jobs start once the app is ready.
    app.addHook('onReady', async () => becomeLeader());
    app.addHook('preClose', async () => {
      closed = true;
      loseLeadership();
    });
    return;
  }

  let client: pg.Client | undefined;
  let electing = false;
  const elect = async () => {
    if (electing || closed) return;
    electing = true;
    try {
      if (leader) {
        // The leader checks its connection: a dead one (a silent network) must end leadership here
        // as it does on the server, where the session and its lock are gone.
        await client?.query('select 1');
        return;
      }
      if (!client) {
        const fresh = new pg.Client({
          connectionString: url,
          application_name: 'lift-portal leader',
          keepAlive: true,
          query_timeout: 10_000,
        });
        // The lock lives with this connection: losing it (server restart, network) loses leadership.
        fresh.on('error', (error) => app.log.warn({ err: error }, 'leader connection failed'));
        fresh.on('end', () => {
          if (client === fresh) client = undefined;
          loseLeadership();
        });
        await fresh.connect();
        client = fresh;
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        LEADER_LOCK_KEY,
      ]);
      if (rows[0]?.locked) becomeLeader();
    } catch (error) {
      app.log.warn({ err: error }, 'leader election failed');
      const broken = client;
      client = undefined;
      loseLeadership();
      await broken?.end().catch(() => {});
    } finally {
      electing = false;
    }
  };
  const timer = setInterval(() => void elect(), options.electEveryMs ?? ELECT_EVERY_MS);
  timer.unref();
  app.addHook('onReady', elect);
  app.addHook('preClose', async () => {
    closed = true;
    clearInterval(timer);
    loseLeadership();
    // Ending the session releases the lock at once: the next process need not wait for a timeout.
    await client?.end().catch(() => {});
  });
});
