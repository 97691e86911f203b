import { Counter, Gauge } from 'prom-client';
import type { Database } from '../../db/client';
import type { OutboxRow } from '../../db/schema/outbox';
import { definePlugin } from '../../lib/define-plugin';
import { createAlarmsRepository } from '../alarms/alarms.repository';
import { type Delivery, deliver } from './deliver';
import { createOutboxRepository, type OutboxRepository } from './outbox.repository';
import type { OutgoingMessage } from './outgoing';
import { pastGivingUp, retryDelayMs } from './retry-schedule';

export interface OutboxPluginOptions {
  /**
   * How often this process's worker looks for due messages besides being woken (ms); null: it
   * runs only when a test calls `runOnce` (tests that set their own clock).
   */
  pollMs: number | null;
  /** The sender address (`MAIL_FROM`), whose domain the `Message-ID`s take. */
  mailFrom: string;
  /** Randomness of the retry jitter (tests); Math.random otherwise. */
  random?: () => number;
}

/** What modules and tests reach of the outbox (docs/outbox.md). */
export interface OutboxService {
  /**
   * Writes the messages as rows through `db`: pass the transaction of the change that causes them,
   * so they commit with it or not at all. Answers the ids of the rows written (an existing message
   * of the same cause, recipient and channel is not written again).
   */
  enqueue(db: Database, messages: readonly OutgoingMessage[]): Promise<string[]>;
  /** Tells this process's worker that rows were committed: it looks at once instead of at its next poll. */
  wake(): void;
  /** `enqueue` outside a transaction (nothing else to commit with), and `wake`. */
  send(messages: readonly OutgoingMessage[]): Promise<string[]>;
  /**
   * Writes the message through `db` (a transaction) and sends it at once, inside that transaction:
   * for a change that must not be stored unless its mail went (the offer). Throws the failure, so
   * the transaction, row included, is rolled back; when it commits, the row is `sent`.
   */
  sendWithin(db: Database, message: OutgoingMessage): Promise<void>;
  /** One round of the worker on the clock `at`: answers how many rows it took. */
  runOnce(at?: Date): Promise<number>;
  /** Waits until no round is running and nothing is due now. */
  idle(): Promise<void>;
  repository: OutboxRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxService;
  }
}

/** Rows one round takes; a round that took this many is followed by another at once. */
const BATCH = 25;
/**
 * How long a worker holds a row it took. Well above the longest send (the mail transport's socket
 * timeout of 60 s): a row is taken again before its lease ends only when its process is gone.
 */
const LEASE_MS = 5 * 60_000;

const domainOf = (mailFrom: string) => {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return address.split('@')[1]?.trim() || 'localhost';
};

/**
 * `app.outbox`: the durable outbox of mail, SMS and push (docs/outbox.md). Every process runs a
 * worker; `for update skip locked` hands each due row to one of them.
 */
export const outboxPlugin = definePlugin<OutboxPluginOptions>('outbox', async (app, options) => {
  const repository = createOutboxRepository(app.db);
  const random = options.random ?? Math.random;
  const pushSubscriptions = createAlarmsRepository(app.db);
  const channels = {
    mailer: app.mailer,
    sms: app.sms,
    push: app.push,
    messageIdDomain: domainOf(options.mailFrom),
  };

  // docs/metrics.md: the backlog read at scrape time, each attempt's outcome counted here.
  new Gauge({
    name: 'lift_portal_outbox_messages',
    help: 'Outbox messages due (pending) or being sent (sending), all processes.',
    labelNames: ['state'],
    registers: [app.metrics.registry],
    async collect() {
      const waiting = await repository.waiting();
      for (const [state, count] of Object.entries(waiting)) this.set({ state }, count);
    },
  });
  const attempts = new Counter({
    name: 'lift_portal_outbox_attempts_total',
    help: 'Delivery attempts of this process by channel and outcome (sent, retry, failed).',
    labelNames: ['channel', 'outcome'],
    registers: [app.metrics.registry],
  });

  const settle = async (row: OutboxRow, delivery: Delivery, at: Date) => {
    attempts.inc({ channel: row.channel, outcome: delivery.result === 'gone' ? 'failed' : delivery.result });
    switch (delivery.result) {
      case 'sent':
        return repository.markSent(row, new Date());
      case 'gone':
        // RFC 8030: the subscription is gone for good; the alarms module keeps the subscriptions.
        await pushSubscriptions.removeEndpoint(row.recipient);
        return repository.markFailed(row, at, delivery.error);
      case 'failed':
        app.log.warn({ outboxId: row.id, kind: row.kind, error: delivery.error }, 'outgoing message refused');
        return repository.markFailed(row, at, delivery.error);
      case 'retry': {
        const settings = app.settings.current().outbox;
        if (pastGivingUp(row.createdAt, at, settings)) {
          app.log.warn(
            { outboxId: row.id, kind: row.kind, error: delivery.error },
            'outgoing message given up',
          );
          return repository.markFailed(row, at, delivery.error);
        }
        const delay = retryDelayMs(row.attempts, settings, random(), delivery.retryAfterMs ?? null);
        return repository.markRetry(row, new Date(at.getTime() + delay), delivery.error);
      }
    }
  };

  const attempt = async (row: OutboxRow, at: Date): Promise<void> => {
    const delivery = await deliver(row, channels);
    await settle(row, delivery, at);
  };

  let closed = false;
  let running: Promise<number> | null = null;
  let again = false;

  const round = async (at: Date): Promise<number> => {
    let taken = 0;
    for (;;) {
      const rows = await repository.claim(app.cluster.nodeId, BATCH, LEASE_MS, at);
      taken += rows.length;
      await Promise.all(rows.map((row) => attempt(row, at)));
      if (rows.length < BATCH || closed) return taken;
    }
  };

  /** One round at a time in this process; a wake during a round runs another after it. */
  const runOnce = (at?: Date): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    const work = round(at ?? new Date())
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'outbox round failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          void runOnce();
        }
      });
    running = work;
    return work;
  };

  const service: OutboxService = {
    enqueue: (db, messages) => createOutboxRepository(db).enqueue(messages),
    wake() {
      if (!closed && options.pollMs !== null) void runOnce();
    },
    async send(messages) {
      const ids = await repository.enqueue(messages);
      service.wake();
      return ids;
    },
    async sendWithin(db, message) {
      const inTransaction = createOutboxRepository(db);
      const row = await inTransaction.enqueueRow(message);
      const delivery = await deliver(row, channels);
      if (delivery.result !== 'sent') throw new Error(delivery.error);
      await inTransaction.markSent(row, new Date());
    },
    runOnce,
    async idle() {
      for (;;) {
        if (running) await running;
        const next = await repository.nextDue();
        if (!running && (!next || next.getTime() > Date.now())) return;
        if (!running) await runOnce();
      }
    },
    repository,
  };
  app.decorate('outbox', service);

  if (options.pollMs !== null) {
    const timer = setInterval(() => void runOnce(), options.pollMs);
    timer.unref();
    app.addHook('onReady', async () => service.wake());
    app.addHook('preClose', async () => {
      clearInterval(timer);
    });
  }
  app.addHook('onClose', async () => {
    closed = true;
    if (running) await running;
  });
});
