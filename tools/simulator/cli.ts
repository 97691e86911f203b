/**
 * Drives virtual lift controllers against a running portal (docs/device-protocol.md):
 *
 *   npm run simulate -- --lifts 20 --interval 1000 --url http://127.0.0.1:3000 \
 *     [--email admin@demo.local --password demo1234] [--mqtt mqtt://127.0.0.1:1883]
 *
 * With `--mqtt`, the controllers speak MQTT to that broker instead of the socket (the portal needs
 * `MQTT_URL` to the same broker; docs/device-protocol.md#mqtt): QoS 1, each reading kept until its
 * acknowledgement and published again with the same seq after a reconnect or an ack timeout.
 * Either way they take the parameters and commands admins send, and answer them.
 *
 * Signs in as an admin, takes N lifts (registering new ones with IMEIs in 35666… when there are
 * too few), rotates their controller keys and drives them until Ctrl+C.
 */
import { parseArgs } from 'node:util';
import { DEMO_LINE_TEST } from '../../server/demo/controller-outbox';
import { MqttController } from '../../server/demo/mqtt-controller';
import { VirtualController } from '../../server/demo/virtual-controller';

const { values: args } = parseArgs({
  options: {
    lifts: { type: 'string', default: '10' },
    interval: { type: 'string', default: '1000' },
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string', default: 'admin@demo.local' },
    password: { type: 'string', default: 'demo1234' },
    stable: { type: 'boolean', default: false },
    mqtt: { type: 'string' },
  },
});

const LIFTS = Number(args.lifts);
const INTERVAL = Number(args.interval);
const URL_BASE = (args.url ?? '').replace(/\/+$/, '');
/** IMEIs of lifts this simulator registers itself. */
const IMEI_PREFIX = '35666';

let token = '';
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${URL_BASE}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The first array in an answer such as `{ lifts, count }` or a bare array. */
function rowsOf<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const found = Object.values(answer as object).find(Array.isArray);
  return (found ?? []) as T[];
}

interface LiftSummary {
  id: string;
  imei: string;
  stats?: { trips: number; operatingHours: number };
}

async function main() {
  const auth = await api<{ access_token: string }>('POST', '/users/authenticate', {
    email: args.email,
    password: args.password,
  });
  token = auth.access_token;

  const lifts: LiftSummary[] = [];
  for (let page = 1; lifts.length < LIFTS; page++) {
    const rows = rowsOf<LiftSummary>(await api('GET', `/lifts/getByPagination?page=${page}&pageSize=100`));
    lifts.push(...rows);
    if (rows.length < 100) break;
  }
  lifts.splice(LIFTS);

  if (lifts.length < LIFTS) {
    const users = rowsOf<{ id: string; role: string }>(await api('GET', '/users?pageSize=100'));
    const customer = users.find((user) => user.role === 'customer' || user.role === 'customer_admin');
    if (!customer) throw new Error('registering lifts needs at least one customer account');
    for (let i = lifts.length; i < LIFTS; i++) {
      const imei = `${IMEI_PREFIX}${String(Date.now() % 1e7).padStart(7, '0')}${String(i).padStart(3, '0')}`;
      const lift = await api<LiftSummary>('POST', '/lifts/register', {
        uid: `SIM-${imei.slice(-8)}`,
        address: `Simulatorweg ${i + 1}, Berlin`,
        imei,
        customers: [customer.id],
      });
      lifts.push(lift);
    }
  }

  const descriptions = rowsOf<{ number: number; type: string }>(await api('GET', '/descriptions')).filter(
    (d) => typeof d.number === 'number',
  );
  const codes = {
    errors: descriptions.filter((d) => d.type === 'error').map((d) => d.number),
    infos: descriptions.filter((d) => d.type === 'info').map((d) => d.number),
  };

  const controllers: (VirtualController | MqttController)[] = [];
  for (const lift of lifts) {
    const { deviceKey } = await api<{ deviceKey: string }>('POST', `/lifts/${lift.id}/device-key`);
    // Each tests its emergency-call line every 72 hours, and now and then misses a test or fails it.
    const options = {
      imei: lift.imei,
      key: deviceKey,
      codes,
      startSeq: Date.now(),
      lineTest: DEMO_LINE_TEST,
    };
    const controller = args.mqtt
      ? new MqttController({ ...options, url: args.mqtt })
      : new VirtualController({ ...options, url: URL_BASE });
    controller.trips = lift.stats?.trips ?? 0;
    controller.operatingHours = lift.stats?.operatingHours ?? 0;
    controllers.push(controller);
  }
  await Promise.all(controllers.map((c) => c.connect()));
  controllers.forEach((c, i) => {
    setTimeout(
      () => (c instanceof VirtualController ? c.start(INTERVAL, { flaky: !args.stable }) : c.start(INTERVAL)),
      (i * INTERVAL) / controllers.length,
    );
  });
  console.info(
    `${controllers.length} virtual controllers riding every ${INTERVAL} ms against ${args.mqtt ?? URL_BASE}`,
  );

  let lastAcked = 0;
  const report = setInterval(() => {
    const acked = controllers.reduce((sum, c) => sum + c.acked.size, 0);
    const waiting = controllers.reduce((sum, c) => sum + c.outbox.size, 0);
    const online = controllers.filter((c) => c.connected).length;
    console.info(
      `online ${online}/${controllers.length}  acked ${acked} (+${acked - lastAcked})  unacknowledged ${waiting}`,
    );
    lastAcked = acked;
  }, 10_000);

  const stop = () => {
    clearInterval(report);
    Promise.all(controllers.map((c) => c.close())).finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
