import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { MSG } from '../../contract/messages';
import type { PoolStats } from '../db/client';
import { definePlugin } from '../lib/define-plugin';

/**
 * `app.metrics`: the process's Prometheus series (docs/metrics.md). Every series lives in
 * `registry`; a module adds its own there, e.g.
 * `new Gauge({ name: 'lift_portal_…', help: '…', registers: [app.metrics.registry], collect() {…} })`.
 */
export interface PortalMetrics {
  registry: Registry;
  /** Whether /metrics is served at all (METRICS_TOKEN or METRICS_PORT): default process series only then. */
  enabled: boolean;
  /** Readings per committed batch: stored (new) and duplicate (resent, acknowledged again); failed batches' readings. */
  ingestReadings: Counter<'outcome'>;
  ingestBatches: Counter<'outcome'>;
  /** Time to write one batch, its transaction included. */
  ingestBatchSeconds: Histogram;
  /** Readings in one batch (group commit, server/modules/telemetry/ingest-queue.ts). */
  ingestBatchReadings: Histogram;
  /** From a reading's arrival to its acknowledgement (after commit), by outcome. */
  acknowledgementSeconds: Histogram<'outcome'>;
  syncPulls: Counter<'kind'>;
  /** Rows and deletions in one pull page. */
  syncPullRows: Histogram;
  jobRuns: Counter<'job' | 'outcome'>;
  jobRunSeconds: Histogram<'job'>;
  /** The separate metrics listener (METRICS_PORT), once the app listens; null otherwise. */
  address(): AddressInfo | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PortalMetrics;
  }
}

export interface MetricsPluginOptions {
  /** Bearer token a scraper sends; unset: no token asked on the separate port, and /metrics off on the main one. */
  token: string | undefined;
  /** A port of its own for /metrics (0: any free one); unset: none. */
  port: number | undefined;
  host: string;
  /** The PostgreSQL pool's counts; absent on PGlite (one connection in the process). */
  poolStats?: () => PoolStats;
}

const PATH = '/metrics';
/** Latencies from a millisecond to ten seconds. */
const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SIZE_BUCKETS = [1, 5, 10, 50, 100, 250, 500, 1000, 5000];

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export const metricsPlugin = definePlugin<MetricsPluginOptions>('metrics', async (app, options) => {
  const registry = new Registry();
  const registers = [registry];
  const enabled = options.token !== undefined || options.port !== undefined;
  if (enabled) collectDefaultMetrics({ register: registry });

  const metrics: Omit<PortalMetrics, 'address'> = {
    registry,
    enabled,
    ingestReadings: new Counter({
      name: 'lift_portal_ingest_readings_total',
      help: 'Controller readings written in batches: stored (new), duplicate (resent), failed (not committed).',
      labelNames: ['outcome'],
      registers,
    }),
    ingestBatches: new Counter({
      name: 'lift_portal_ingest_batches_total',
      help: 'Reading batches written, by outcome (committed, failed).',
      labelNames: ['outcome'],
      registers,
    }),
    ingestBatchSeconds: new Histogram({
      name: 'lift_portal_ingest_batch_seconds',
      help: 'Time to write one batch of readings in its transaction.',
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    ingestBatchReadings: new Histogram({
      name: 'lift_portal_ingest_batch_readings',
      help: 'Readings in one batch.',
      buckets: SIZE_BUCKETS,
      registers,
    }),
    acknowledgementSeconds: new Histogram({
      name: 'lift_portal_acknowledgement_seconds',
      help: 'From the arrival of a reading to its acknowledgement, by outcome (ok, refused, failed).',
      labelNames: ['outcome'],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    syncPulls: new Counter({
      name: 'lift_portal_sync_pulls_total',
      help: 'Offline mirror pull pages served, by kind (first, delta, reset).',
      labelNames: ['kind'],
      registers,
    }),
    syncPullRows: new Histogram({
      name: 'lift_portal_sync_pull_rows',
      help: 'Rows and deletions in one pull page.',
      buckets: SIZE_BUCKETS,
      registers,
    }),
    jobRuns: new Counter({
      name: 'lift_portal_job_runs_total',
      help: 'Periodic job runs on this process, by job and outcome (ok, failed).',
      labelNames: ['job', 'outcome'],
      registers,
    }),
    jobRunSeconds: new Histogram({
      name: 'lift_portal_job_run_seconds',
      help: 'Duration of a periodic job run.',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers,
    }),
  };

  const httpSeconds = new Histogram({
    name: 'lift_portal_http_request_seconds',
    help: 'HTTP answer time by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: SECONDS_BUCKETS,
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL itself: one series per route, whatever the ids.
    const route = request.routeOptions.url ?? 'unmatched';
    httpSeconds.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const { poolStats } = options;
  if (poolStats) {
    new Gauge({
      name: 'lift_portal_db_pool_connections',
      help: 'PostgreSQL pool connections of this process, by state (total, idle, waiting: queries queued for one).',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'lift_portal_db_pool_max',
      help: 'Most connections the pool opens.',
      registers,
      collect() {
        this.set(poolStats().max);
      },
    });
  }

  const { token } = options;
  const scrape = async () => ({ contentType: registry.contentType, body: await registry.metrics() });

  // On the main port only behind the token: without one, /metrics is not found (not the PWA's page).
  app.get(PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!token) return reply.code(404).send({ message: MSG.notFound });
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: MSG.invalidToken });
    }
    const { contentType, body } = await scrape();
    return reply.type(contentType).send(body);
  });

  let server: Server | undefined;
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (token && !tokenMatches(request.headers.authorization, token)) {
      response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end();
      return;
    }
    scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) => {
        app.log.warn({ err: error }, 'metrics scrape failed');
        response.writeHead(500).end();
      },
    );
  };
  if (options.port !== undefined) {
    const { port, host } = options;
    // Only a listening portal opens the second port: tests that inject open none.
    app.addHook('onListen', async () => {
      server = createServer(answer);
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => resolve());
      });
      app.log.info({ address: listening.address() }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      const closing = server;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    });
  }

  app.decorate('metrics', {
    ...metrics,
    address: () => (server?.address() as AddressInfo | null | undefined) ?? null,
  } satisfies PortalMetrics);
});
