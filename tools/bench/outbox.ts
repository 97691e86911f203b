/**
 * Outbox benchmark (run by hand: `npm run bench:outbox`). Starts the portal in this process on a
 * scratch database (PGlite, or PostgreSQL with --pg), a real SMTP server and a push endpoint on
 * loopback, then measures in the same run:
 *
 * - messages/s through the outbox (half mail, half push, written in one go, delivered by the
 *   worker) beside the same messages sent directly with the same transports and the same
 *   concurrency as the worker's round (the ceiling);
 * - fault-to-mail latency: a controller raises a fault, the alarm opens, its mail arrives at the
 *   SMTP server; p50 and p99 over --faults faults, one at a time.
 *
 *   tsx tools/bench/outbox.ts [--messages 1000] [--faults 100] [--pg postgres://postgres@127.0.0.1:5432/test]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { users } from '../../server/db/schema/users';
import { VirtualController } from '../../server/demo/virtual-controller';
import { startTestPushEndpoint } from '../../server/integrations/push/test-push-endpoint';
import { insertLiftWithKey } from '../../server/modules/devices/device-test-kit';
import type { OutgoingMessage } from '../../server/modules/outbox/outgoing';
import { startSmtpServer } from '../../tests/server/helpers/smtp';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000' },
    faults: { type: 'string', default: '100' },
    pg: { type: 'string' },
  },
});
const MESSAGES = Number(args.messages);
const FAULTS = Number(args.faults);
/** The worker's round (server/modules/outbox/outbox.service.ts): the direct sends go as many at a time. */
const CONCURRENCY = 25;

const smtp = await startSmtpServer();
const push = await startTestPushEndpoint();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-bench-outbox-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  AUTH_SECRET: 'bench-secret-long-enough-for-hs256-0123456789abcdef',
  LOG_LEVEL: 'warn',
  WEB_DIR: path.join(dataDir, 'no-web'),
  SMTP_URL: smtp.url,
  PUSH_ALLOW_HOSTS: push.host,
  ...(args.pg ? { DATABASE_URL: args.pg } : {}),
});
const app = await buildApp(config);
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const messages = (run: string): OutgoingMessage[] =>
  Array.from({ length: MESSAGES }, (_, i): OutgoingMessage => {
    const base = { kind: 'admin-mail' as const, cause: `bench:${run}:${i}` };
    return i % 2 === 0
      ? {
          ...base,
          channel: 'mail',
          to: `reader-${i % 50}@bench.test`,
          mail: { subject: `Bench ${i}`, text: `Bench ${i}`, html: `<p>Bench ${i}</p>` },
        }
      : {
          ...base,
          channel: 'push',
          target: { endpoint: push.subscription.endpoint, ...push.subscription.keys },
          title: `Bench ${i}`,
          payload: JSON.stringify({ title: `Bench ${i}` }),
        };
  });

const arrived = () => smtp.received.length + push.received.length;
async function untilArrived(count: number) {
  while (arrived() < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function direct(run: string): Promise<number> {
  const start = arrived();
  const began = performance.now();
  const queue = messages(run);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let message = queue.shift(); message; message = queue.shift()) {
        if (message.channel === 'mail') await app.mailer.send({ to: message.to, ...message.mail });
        else if (message.channel === 'push') await app.push.send(message.target, message.payload);
      }
    }),
  );
  await untilArrived(start + MESSAGES);
  return MESSAGES / ((performance.now() - began) / 1000);
}

async function throughOutbox(run: string): Promise<number> {
  const start = arrived();
  const began = performance.now();
  await app.outbox.send(messages(run));
  await untilArrived(start + MESSAGES);
  return MESSAGES / ((performance.now() - began) / 1000);
}

async function faultToMail(): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < FAULTS; i++) {
    const email = `fault-${i}-${Date.now()}@bench.test`;
    const [man] = await app.db
      .insert(users)
      .values({
        email,
        displayName: `Bench ${i}`,
        role: 'service_man',
        status: 'active',
        notificationPreference: 'email',
      })
      .returning({ id: users.id });
    const lift = await insertLiftWithKey(app.db, { servicemen: [man?.id ?? ''] });
    const controller = new VirtualController({
      imei: lift.imei,
      key: lift.key,
      url: baseUrl,
      reconnect: false,
    });
    await controller.connect();
    const began = performance.now();
    const mail = smtp.nextMailTo(email);
    controller.sendEvent({ code: 4711, type: 'error', active: true, floor: 1 });
    await mail;
    latencies.push(performance.now() - began);
    controller.close();
  }
  return latencies.sort((a, b) => a - b);
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

try {
  // Warm both paths once, then alternate so the machine's drift hits both alike.
  await direct('warm-direct');
  await throughOutbox('warm-outbox');
  const rounds: { direct: number; outbox: number }[] = [];
  for (let round = 0; round < 3; round++) {
    rounds.push({ direct: await direct(`direct-${round}`), outbox: await throughOutbox(`outbox-${round}`) });
  }
  const best = (key: 'direct' | 'outbox') => Math.max(...rounds.map((r) => r[key]));
  const latencies = await faultToMail();
  const [{ count: rows } = { count: 0 }] = (
    (await app.db.execute(
      sql`select count(*)::int as count from outbox_messages where state = 'sent'`,
    )) as unknown as {
      rows: { count: number }[];
    }
  ).rows;
  console.info(
    `database: ${args.pg ? 'PostgreSQL' : 'PGlite'}; ${MESSAGES} messages per round (half mail, half push), ${CONCURRENCY} at a time`,
  );
  for (const [index, round] of rounds.entries())
    console.info(
      `round ${index + 1}: outbox ${round.outbox.toFixed(0)} msg/s, direct ${round.direct.toFixed(0)} msg/s`,
    );
  console.info(
    `best: outbox ${best('outbox').toFixed(0)} msg/s against direct ${best('direct').toFixed(0)} msg/s (ratio ${(best('outbox') / best('direct')).toFixed(2)})`,
  );
  console.info(
    `fault to mail (${FAULTS} faults, through the outbox): p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms`,
  );
  console.info(`outbox rows sent: ${rows}`);
} finally {
  await app.close();
  await smtp.close();
  await push.close();
  rmSync(dataDir, { recursive: true, force: true });
}
