/**
 * MQTT benchmark (run by hand: `npm run bench:mqtt`). Starts its own Mosquitto and the real
 * server (MQTT_URL) on a scratch PostgreSQL database, drives N MQTT controllers flat out (QoS 1,
 * WINDOW readings in flight each) and prints readings/s and ack latency, beside a bare
 * publish→echo round trip through the same broker (a client that answers each reading at once on
 * the acknowledgement topic), driven by the same client code in the same run.
 *
 *   tsx tools/bench/mqtt.ts [--controllers 100] [--seconds 10] [--window 3] [--pg postgres://postgres@127.0.0.1:5432]
 *     [--port 3401] [--broker-port 18836]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { waitUntilUp } from './portal-server';
import { benchReading, type ReadingsResult, readingsLine, summarizeReadings } from './readings';

const { values: args } = parseArgs({
  options: {
    controllers: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    window: { type: 'string', default: '3' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    port: { type: 'string', default: '3401' },
    'broker-port': { type: 'string', default: '18836' },
    echo: { type: 'string' },
  },
});

const CONTROLLERS = Number(args.controllers);
const SECONDS = Number(args.seconds);
const WINDOW = Number(args.window);
const PORT = Number(args.port);
const BROKER_PORT = Number(args['broker-port']);
/** The broker binary, from the system (apt install mosquitto), not from npm. */
const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? 'mosquitto';

if (args.echo) {
  // The ceiling: the broker alone, each reading answered at once by one client of a shared group.
  const client = await mqtt.connectAsync(args.echo, { protocolVersion: 5, clientId: `echo-${process.pid}` });
  client.on('message', (topic, payload) => {
    const [, imei] = topic.split('/');
    const { seq } = JSON.parse(payload.toString('utf8')) as { seq: number };
    client.publish(`echo/${imei}/ack`, JSON.stringify({ ok: true, seq }), { qos: 1 });
  });
  await client.subscribeAsync({
    '$share/echo/echo/+/stats': { qos: 1 },
    '$share/echo/echo/+/event': { qos: 1 },
  });
  process.send?.('ready');
} else {
  await main();
}

/** N controllers on the broker, each keeping WINDOW readings in flight, for SECONDS. */
async function drive(brokerUrl: string, root: 'lifts' | 'echo', imeis: string[]): Promise<ReadingsResult> {
  const latencies: number[] = [];
  let failed = 0;
  let running = true;
  const clients: MqttClient[] = [];
  const sends: (() => void)[] = [];
  for (const imei of imeis) {
    const client = await mqtt.connectAsync(brokerUrl, { protocolVersion: 5, clientId: `${root}-${imei}` });
    clients.push(client);
    const sentAt = new Map<number, number>();
    let seq = 0;
    const send = () => {
      if (!running) return;
      seq += 1;
      const { event, reading } = benchReading(seq, seq);
      sentAt.set(seq, performance.now());
      client.publish(`${root}/${imei}/${event}`, JSON.stringify(reading), { qos: 1 });
    };
    client.on('message', (_topic, payload) => {
      if (!running) return;
      const answer = JSON.parse(payload.toString('utf8')) as { ok: boolean; seq: number };
      const at = sentAt.get(answer.seq);
      if (at === undefined) return;
      sentAt.delete(answer.seq);
      if (answer.ok) latencies.push(performance.now() - at);
      else failed += 1;
      send();
    });
    await client.subscribeAsync(`${root}/${imei}/ack`, { qos: 1 });
    sends.push(send);
  }
  const started = performance.now();
  for (const send of sends) for (let i = 0; i < WINDOW; i++) send();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  running = false;
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(clients.map((client) => client.endAsync(true)));
  return summarizeReadings(latencies, failed, elapsed);
}

async function main() {
  const name = `lift_bench_mqtt_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${args.pg}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const databaseUrl = `${args.pg}/${name}`;
  const children: ChildProcess[] = [];
  const brokerDir = mkdtempSync(path.join(os.tmpdir(), 'lift-bench-mosquitto-'));
  try {
    const config = path.join(brokerDir, 'mosquitto.conf');
    writeFileSync(
      config,
      [
        `listener ${BROKER_PORT} 127.0.0.1`,
        'allow_anonymous true',
        'persistence false',
        // Every reading in flight of every controller may wait for the bridge at once.
        'max_queued_messages 0',
        'max_inflight_messages 0',
        'log_type error',
        'log_type warning',
        '',
      ].join('\n'),
    );
    const broker = spawn(MOSQUITTO_BIN, ['-c', config], { stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(broker);
    const brokerUrl = `mqtt://127.0.0.1:${BROKER_PORT}`;
    await new Promise((resolve) => setTimeout(resolve, 300));

    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        SIMULATE_DEVICES: '0',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        AUTH_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: `/tmp/${name}`,
        MQTT_URL: brokerUrl,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(server);
    await waitUntilUp(`http://127.0.0.1:${PORT}/api/health`);

    // Controllers: lifts inserted in one statement (anonymous broker: the key is not asked for).
    const imeis = Array.from({ length: CONTROLLERS }, (_, i) => `35778${String(i).padStart(10, '0')}`);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `insert into lifts (uid, address, imei, parameters, device_key_hash)
       select 'M-' || d.imei, 'Brokerstraße 1', d.imei, '{}'::jsonb, d.hash
       from jsonb_to_recordset($1::jsonb) as d(imei text, hash text)`,
      [
        JSON.stringify(
          imeis.map((imei) => ({ imei, hash: createHash('sha256').update(randomBytes(24)).digest('hex') })),
        ),
      ],
    );

    const echo = spawn(process.execPath, ['--import', 'tsx', 'tools/bench/mqtt.ts', '--echo', brokerUrl], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(echo);
    await new Promise((resolve) => echo.once('message', resolve));

    console.info(
      `${CONTROLLERS} MQTT controllers, ${WINDOW} readings in flight each (QoS 1), ${SECONDS} s per run, Mosquitto + PostgreSQL`,
    );
    const ceiling = await drive(brokerUrl, 'echo', imeis);
    const portal = await drive(brokerUrl, 'lifts', imeis);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [stored] = (await client.query('select count(*)::int as n from device_receipts')).rows;
    await client.end();

    const line = (label: string, r: ReadingsResult) => readingsLine(label, r, 30);
    console.info(line('bare MQTT publish→echo', ceiling));
    console.info(line('portal (committed acks)', portal));
    console.info(
      `ratio ${(portal.perSecond / ceiling.perSecond).toFixed(2)}; rows stored ${stored?.n} for ${portal.readings} acked`,
    );
  } finally {
    for (const child of children.reverse()) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    rmSync(brokerDir, { recursive: true, force: true });
  }
}
