import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import * as v from 'valibot';
import type { ConnectedController } from '../../../contract/console';
import {
  type ControllerAck,
  type ControllerRequest,
  DEVICE_AUTH_ERROR,
  type DeviceAck,
  MQTT_OFFLINE,
  MQTT_ONLINE,
  MQTT_READING_KINDS,
  MQTT_REQUEST_TOPICS,
  MqttReplySchema,
  mqttTopic,
} from '../../../contract/device';
import { MSG } from '../../../contract/messages';
import { lifts } from '../../db/schema/lifts';
import { definePlugin } from '../../lib/define-plugin';
import type { Reading } from '../telemetry/ingest';
import { CONTROLLER_ACK_TIMEOUT_MS, type DeviceTransport } from './device-gateway';

export interface MqttBridgeOptions {
  /** `MQTT_URL`: the broker, with the bridge's own account in it (`mqtt://portal:secret@broker:1883`). */
  url: string;
  /** `MQTT_DYNSEC`: keep one Mosquitto dynamic-security client per lift (docs/device-protocol.md#mqtt). */
  dynsec: boolean;
  /** Portal processes in the same group split the readings between them (a shared subscription). */
  group?: string;
  /** How long the start waits for the first subscription before it goes on and keeps trying. */
  startWaitMs?: number;
}

/** The portal processes' group of the shared subscriptions. */
export const MQTT_SHARE_GROUP = 'lift-portal';
/** A controller may send no bigger reading (parameters are the largest, well under 4 KB). */
const MAX_PAYLOAD_BYTES = 16 * 1024;
/** The lift of an imei is looked up again after this long (a found one), or this (an unknown one). */
const LIFT_CACHE_MS = 60_000;
const UNKNOWN_CACHE_MS = 5_000;
/** An invalid payload of one imei is written to the log at most this often. */
const INVALID_LOG_INTERVAL_MS = 60_000;
/** How long a dynamic-security command may take before it counts as failed. */
const CONTROL_TIMEOUT_MS = 5_000;
const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
/** A message on $CONTROL stays well under the broker's `message_size_limit` (16 KB in tools/deploy/mosquitto). */
const CONTROL_MESSAGE_BYTES = 12_000;
/** Roles read per `listRoles` when the lift roles are brought up to date at start. */
const ROLES_PAGE = 200;
const liftRole = (imei: string) => `lift-${imei}`;
const LIFT_ROLE = /^lift-(\d{15})$/;
const IMEI = /^\d{15}$/;

type LiftOfImei = { id: string; uid: string } | null;
type ControlCommand = Record<string, unknown> & { command: string };
type ControlResponse = { command: string; error?: string; data?: unknown; correlationData?: string };
type Acl = { acltype: string; topic: string; allow: boolean };

/**
 * What a lift's own role allows (docs/device-protocol.md#mqtt): publish its readings and status,
 * read its acknowledgements and the portal's requests, publish its replies. Nothing of another lift.
 */
function liftAcls(imei: string): Acl[] {
  const reads = ['ack', ...Object.values(MQTT_REQUEST_TOPICS)] as const;
  return [
    ...[...MQTT_READING_KINDS, 'status' as const, 'reply' as const].map((kind) => ({
      acltype: 'publishClientSend',
      topic: mqttTopic(imei, kind),
      allow: true,
    })),
    ...reads.flatMap((kind) => [
      { acltype: 'subscribePattern', topic: mqttTopic(imei, kind), allow: true },
      { acltype: 'publishClientReceive', topic: mqttTopic(imei, kind), allow: true },
    ]),
  ];
}

/**
 * The MQTT transport of controllers (docs/device-protocol.md#mqtt). Readings come in over SHARED
 * subscriptions, so that several portal processes split them, and take the gateway's own path
 * (`app.devices.accept`): same validation, same ingest queue, same live state, alarms and
 * analytics. The acknowledgement is published on `lifts/{imei}/ack` after the commit.
 * Online state follows the controllers' retained `lifts/{imei}/status` (Last Will `offline`), read
 * over a plain subscription: retained messages never reach shared subscriptions, and every
 * process should know who is online. So any process sends an admin's `params:set` or `command`
 * itself, and reads the reply on `lifts/{imei}/reply` without sharing, taking only its own by
 * correlation id. With `dynsec`, the broker accounts of the controllers are kept here too:
 * username = imei, password = device key, one role per lift.
 */
export const mqttBridgePlugin = definePlugin<MqttBridgeOptions>('mqtt-bridge', async (app, options) => {
  const db = app.db;
  const devices = app.devices;
  const group = options.group ?? MQTT_SHARE_GROUP;

  const client: MqttClient = mqtt.connect(options.url, {
    protocolVersion: 5,
    clientId: `lift-portal-${randomBytes(6).toString('hex')}`,
    clean: true,
    // Subscriptions are made again on every connect (below), after the dynamic-security setup.
    resubscribe: false,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });

  let closing = false;
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const tracked = work
      .catch((error) => app.log.warn({ err: error }, 'mqtt bridge'))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  // The lift of each imei, briefly cached: a reading must not cost a query of its own.
  const liftCache = new Map<string, { lift: Promise<LiftOfImei>; until: number }>();
  function liftOf(imei: string): Promise<LiftOfImei> {
    const cached = liftCache.get(imei);
    if (cached && cached.until > Date.now()) return cached.lift;
    const lift = db
      .select({ id: lifts.id, uid: lifts.uid })
      .from(lifts)
      .where(and(eq(lifts.imei, imei), isNull(lifts.deletedAt)))
      .limit(1)
      .then(([row]) => row ?? null);
    if (liftCache.size > 100_000) liftCache.clear();
    const entry = { lift, until: Date.now() + LIFT_CACHE_MS };
    liftCache.set(imei, entry);
    lift.then(
      (row) => {
        if (!row) entry.until = Date.now() + UNKNOWN_CACHE_MS;
      },
      () => liftCache.delete(imei),
    );
    return lift;
  }

  const invalidLoggedAt = new Map<string, number>();
  function logInvalid(imei: string, topic: string, reason: string) {
    const now = Date.now();
    if (now - (invalidLoggedAt.get(imei) ?? 0) < INVALID_LOG_INTERVAL_MS) return;
    if (invalidLoggedAt.size > 10_000) invalidLoggedAt.clear();
    invalidLoggedAt.set(imei, now);
    app.log.warn({ imei, topic, reason }, 'mqtt: reading refused');
  }

  function acknowledge(imei: string, answer: DeviceAck) {
    if (!client.connected) return; // the controller resends what stays unacknowledged
    client.publish(mqttTopic(imei, 'ack'), JSON.stringify(answer), { qos: 1 }, (error) => {
      if (error && !closing) app.log.warn({ err: error, imei }, 'mqtt: acknowledgement not sent');
    });
  }

  async function onReading(imei: string, kind: Reading['kind'], topic: string, payload: Buffer) {
    let reading: unknown;
    try {
      reading = payload.length > MAX_PAYLOAD_BYTES ? undefined : JSON.parse(payload.toString('utf8'));
    } catch {
      reading = undefined;
    }
    const seq =
      typeof (reading as { seq?: unknown } | undefined)?.seq === 'number'
        ? (reading as { seq: number }).seq
        : null;
    const lift = await liftOf(imei);
    if (!lift) {
      devices.refused(imei, 'unknown imei (mqtt)');
      acknowledge(imei, { ok: false, seq, error: DEVICE_AUTH_ERROR });
      return;
    }
    if (reading === undefined) {
      logInvalid(imei, topic, payload.length > MAX_PAYLOAD_BYTES ? 'too large' : 'not JSON');
      acknowledge(imei, { ok: false, seq: null, error: MSG.invalidValue });
      return;
    }
    const answer = await devices.accept({ imei, liftId: lift.id }, kind, reading);
    if (!answer.ok && answer.error === MSG.invalidValue) logInvalid(imei, topic, 'invalid reading');
    acknowledge(imei, answer);
  }

  // Who is online over MQTT, as the retained status topics say; the same in every process.
  const online = new Map<string, ConnectedController>();
  /** This process's requests waiting for the controller's reply, by correlation id. */
  const requests = new Map<string, { imei: string; finish: (answer: ControllerAck) => void }>();
  async function onStatus(imei: string, payload: Buffer) {
    const text = payload.toString('utf8');
    if (text !== MQTT_ONLINE && text !== MQTT_OFFLINE) return;
    const lift = await liftOf(imei);
    if (!lift) {
      if (text === MQTT_ONLINE) devices.refused(imei, 'unknown imei (mqtt)');
      return;
    }
    const isOnline = text === MQTT_ONLINE;
    if (online.has(imei) === isOnline) return;
    if (isOnline) {
      online.set(imei, { imei, liftId: lift.id, uid: lift.uid, connectedAt: new Date().toISOString() });
    } else {
      online.delete(imei);
      // Its clean session is gone, and the requests with it.
      for (const request of [...requests.values()])
        if (request.imei === imei) request.finish({ ok: false, error: MSG.deviceOffline });
    }
    devices.setControllerOnline({ imei, liftId: lift.id }, isOnline);
  }

  // params:set and command (docs/device-protocol.md#portal-to-controller): published by the process
  // the admin called, answered on `lifts/{imei}/reply`, which every process reads without sharing;
  // each takes only the answers to its own requests, by correlation id.
  let repliesReady = false;
  const expirySeconds = Math.ceil(CONTROLLER_ACK_TIMEOUT_MS / 1000);

  function sendRequest(imei: string, event: ControllerRequest, payload: unknown): Promise<ControllerAck> {
    if (!online.has(imei)) return Promise.resolve({ ok: false, error: MSG.deviceOffline });
    // Without the broker, or without the replies, the controller cannot be asked (logged at connect).
    if (!client.connected || !repliesReady) return Promise.resolve({ ok: false, error: MSG.serverError });
    const id = randomBytes(8).toString('hex');
    return new Promise((resolve) => {
      const finish = (answer: ControllerAck) => {
        clearTimeout(timer);
        requests.delete(id);
        resolve(answer);
      };
      const timer = setTimeout(
        () => finish({ ok: false, error: MSG.deviceTimeout }),
        CONTROLLER_ACK_TIMEOUT_MS,
      );
      requests.set(id, { imei, finish });
      client.publish(
        mqttTopic(imei, MQTT_REQUEST_TOPICS[event]),
        JSON.stringify({ ...(payload as object), id }),
        {
          qos: 1,
          properties: {
            responseTopic: mqttTopic(imei, 'reply'),
            correlationData: Buffer.from(id),
            // A request the controller did not get in time must not run later (a reboot hours after).
            messageExpiryInterval: expirySeconds,
          },
        },
        (error) => {
          if (!error || !requests.has(id)) return;
          app.log.error(
            { err: error, imei, event },
            'mqtt: the broker refused a request to a controller; give the bridge account the role of docs/device-protocol.md#mqtt',
          );
          finish({ ok: false, error: MSG.serverError });
        },
      );
    });
  }

  function onReply(imei: string, payload: Buffer, correlationData: Buffer | undefined) {
    let body: unknown;
    try {
      body = payload.length > MAX_PAYLOAD_BYTES ? undefined : JSON.parse(payload.toString('utf8'));
    } catch {
      body = undefined;
    }
    const named = (body as { id?: unknown } | undefined)?.id;
    // MQTT 5 carries the id as correlation data; MQTT 3.1.1 only in the JSON.
    const id = correlationData?.toString('utf8') ?? (typeof named === 'string' ? named : undefined);
    const request = id === undefined ? undefined : requests.get(id);
    if (!request || request.imei !== imei) return; // another process's request, or one that timed out
    const parsed = v.safeParse(MqttReplySchema, body);
    if (!parsed.success) {
      logInvalid(imei, mqttTopic(imei, 'reply'), 'invalid reply');
      // As the socket's acknowledgement without a boolean `ok`: no answer.
      request.finish({ ok: false, error: MSG.deviceTimeout });
      return;
    }
    const { ok, error } = parsed.output;
    request.finish(typeof error === 'string' ? { ok, error } : { ok });
  }

  client.on('message', (topic, payload, packet) => {
    if (closing) return;
    const [root, imei, kind, extra] = topic.split('/');
    if (root !== 'lifts' || !imei || !IMEI.test(imei) || extra !== undefined) return;
    if (kind === 'status') {
      track(onStatus(imei, payload));
    } else if (kind === 'reply') {
      onReply(imei, payload, packet.properties?.correlationData);
    } else if ((MQTT_READING_KINDS as readonly string[]).includes(kind ?? '')) {
      track(onReading(imei, kind as Reading['kind'], topic, payload));
    }
  });

  // Dynamic security: requests on $CONTROL, answers matched by correlation data.
  const waiting = new Map<string, (response: ControlResponse) => void>();
  client.on('message', (topic, payload) => {
    if (topic !== `${CONTROL_TOPIC}/response`) return;
    try {
      const { responses } = JSON.parse(payload.toString('utf8')) as { responses?: ControlResponse[] };
      for (const response of responses ?? []) {
        const resolve = response.correlationData ? waiting.get(response.correlationData) : undefined;
        if (!resolve || !response.correlationData) continue;
        waiting.delete(response.correlationData);
        resolve(response);
      }
    } catch (error) {
      app.log.warn({ err: error }, 'mqtt: unreadable dynamic-security answer');
    }
  });
  /** Sends the commands in one message, in order; answers each one's response (`error` set on failure). */
  function control(commands: ControlCommand[]): Promise<ControlResponse[]> {
    const answers = commands.map((command) => {
      const id = randomBytes(8).toString('hex');
      command.correlationData = id;
      return new Promise<ControlResponse>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve({ command: command.command, error: 'no answer from the broker' });
        }, CONTROL_TIMEOUT_MS);
        waiting.set(id, (response) => {
          clearTimeout(timer);
          resolve(response);
        });
      });
    });
    client.publish(CONTROL_TOPIC, JSON.stringify({ commands }), { qos: 1 });
    return Promise.all(answers);
  }
  /** `control` in messages under the broker's size limit, one after the other. */
  async function controlInChunks(commands: ControlCommand[]): Promise<ControlResponse[]> {
    const responses: ControlResponse[] = [];
    let chunk: ControlCommand[] = [];
    let bytes = 0;
    for (const command of commands) {
      const size = JSON.stringify(command).length + 64; // with its correlation data
      if (chunk.length > 0 && bytes + size > CONTROL_MESSAGE_BYTES) {
        responses.push(...(await control(chunk)));
        chunk = [];
        bytes = 0;
      }
      chunk.push(command);
      bytes += size;
    }
    if (chunk.length > 0) responses.push(...(await control(chunk)));
    return responses;
  }
  const harmless = (response: ControlResponse) =>
    !response.error || /already exists|not found/i.test(response.error);
  function reportFailures(what: string, responses: ControlResponse[]) {
    const failed = responses.filter((response) => !harmless(response));
    if (failed.length > 0) app.log.warn({ failed }, `mqtt dynamic security: ${what}`);
    return failed.length === 0;
  }

  /** The controller's account: username imei, password key, a role for its own topics only. */
  const accountCommands = (imei: string, key: string): ControlCommand[] => [
    { command: 'deleteClient', username: imei },
    { command: 'deleteRole', rolename: liftRole(imei) },
    { command: 'createRole', rolename: liftRole(imei), acls: liftAcls(imei) },
    { command: 'createClient', username: imei, password: key, roles: [{ rolename: liftRole(imei) }] },
  ];

  /**
   * Once per start: accounts of deleted lifts go. The bridge's own account and its role are set up
   * with the broker (docs/device-protocol.md#mqtt): changing its own roles would get it kicked.
   */
  async function prepareDynsec() {
    const [listed] = await control([{ command: 'listClients', verbose: false }]);
    const usernames = ((listed?.data as { clients?: unknown[] } | undefined)?.clients ?? []).filter(
      (name): name is string => typeof name === 'string' && IMEI.test(name),
    );
    const live = new Set(
      (await db.select({ imei: lifts.imei }).from(lifts).where(isNull(lifts.deletedAt))).map(
        (row) => row.imei,
      ),
    );
    const stale = usernames.filter((imei) => !live.has(imei));
    if (stale.length > 0) {
      reportFailures(
        'removing accounts of deleted lifts',
        await controlInChunks(
          stale.flatMap((imei) => [
            { command: 'deleteClient', username: imei },
            { command: 'deleteRole', rolename: liftRole(imei) },
          ]),
        ),
      );
    }
    const missing = live.size - (usernames.length - stale.length);
    if (missing > 0) {
      // The portal keeps only a hash of each key: a lift gets its account when its key is issued.
      app.log.info({ missing }, 'mqtt: lifts without a broker account; rotate their device keys to add them');
    }
  }

  /**
   * Lift roles made before the portal sent requests lack the request and reply topics: they get
   * what is missing, once, and their controllers are signed out (disabled and enabled again, as
   * Mosquitto 2.0.11 keeps the sessions of a changed role): they sign in again and subscribe to
   * the request topics the broker refused them before (docs/device-protocol.md#mqtt).
   */
  async function migrateLiftRoles() {
    const outdated: { rolename: string; missing: Acl[] }[] = [];
    for (let offset = 0; ; offset += ROLES_PAGE) {
      const [listed] = await control([{ command: 'listRoles', verbose: true, count: ROLES_PAGE, offset }]);
      if (listed?.error) throw new Error(`listRoles: ${listed.error}`);
      const roles = ((listed?.data as { roles?: unknown[] } | undefined)?.roles ?? []) as {
        rolename?: unknown;
        acls?: { acltype?: unknown; topic?: unknown }[];
      }[];
      for (const role of roles) {
        const imei = typeof role.rolename === 'string' ? LIFT_ROLE.exec(role.rolename)?.[1] : undefined;
        if (!imei) continue;
        const has = new Set(
          (role.acls ?? []).map((acl) => `${String(acl.acltype).toLowerCase()} ${String(acl.topic)}`),
        );
        const missing = liftAcls(imei).filter((acl) => !has.has(`${acl.acltype.toLowerCase()} ${acl.topic}`));
        if (missing.length > 0) outdated.push({ rolename: liftRole(imei), missing });
      }
      if (roles.length < ROLES_PAGE) break;
    }
    if (outdated.length === 0) return;
    const responses = await controlInChunks(
      outdated.flatMap(({ rolename, missing }) => {
        const username = rolename.slice('lift-'.length);
        return [
          ...missing.map((acl) => ({ command: 'addRoleACL', rolename, ...acl })),
          { command: 'disableClient', username },
          { command: 'enableClient', username },
        ];
      }),
    );
    if (reportFailures('adding the request topics to lift roles', responses))
      app.log.info({ roles: outdated.length }, 'mqtt: lift roles given the request and reply topics');
  }

  const readingTopics = MQTT_READING_KINDS.map((kind) => `$share/${group}/lifts/+/${kind}`);
  let prepared = false;
  let migrated = false;
  const subscribed = new Promise<void>((resolve) => {
    client.on('connect', () => {
      // No Nagle wait: a request written behind an unacknowledged small segment (the previous
      // PUBACK) waited for the broker's delayed ACK, 40 ms per request (docs/device-protocol.md#mqtt).
      (client.stream as unknown as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
      const work = async () => {
        if (options.dynsec) {
          await client.subscribeAsync(`${CONTROL_TOPIC}/response`, { qos: 1 });
          if (!prepared) {
            await prepareDynsec();
            prepared = true;
          }
        }
        const topics = [...readingTopics, 'lifts/+/status'];
        try {
          await client.subscribeAsync(
            Object.fromEntries(topics.map((topic) => [topic, { qos: 1 as const }])),
          );
        } catch (error) {
          app.log.error(
            { err: error, topics },
            'mqtt: the broker refused the subscriptions of the bridge; give its account the role of docs/device-protocol.md#mqtt',
          );
          return;
        }
        // Apart from the readings: a broker set up before requests existed still takes readings.
        try {
          await client.subscribeAsync('lifts/+/reply', { qos: 1 });
          repliesReady = true;
        } catch (error) {
          app.log.error(
            { err: error },
            'mqtt: the broker refused lifts/+/reply to the bridge; parameters and commands cannot reach MQTT controllers until its account has the role of docs/device-protocol.md#mqtt',
          );
        }
        resolve();
        if (options.dynsec && !migrated) {
          await migrateLiftRoles();
          migrated = true;
        }
      };
      track(work());
    });
  });
  client.on('close', () => {
    repliesReady = false;
  });
  client.on('error', (error) => app.log.warn({ err: error }, 'mqtt broker'));

  const startWait = options.startWaitMs ?? 5_000;
  const timedOut = await Promise.race([
    subscribed.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), startWait).unref()),
  ]);
  if (timedOut) app.log.warn('mqtt: broker not reached yet; the bridge keeps trying');

  devices.addTransport({
    connected: () => [...online.values()],
    holds: (imei) => online.has(imei),
    send: sendRequest,
    forget: (imei) => {
      liftCache.delete(imei);
      if (!options.dynsec) return;
      // Deleting the account also drops the controller's connection (its key changed or the lift is gone).
      track(
        control([
          { command: 'deleteClient', username: imei },
          { command: 'deleteRole', rolename: liftRole(imei) },
        ]).then((responses) => reportFailures('removing an account', responses)),
      );
    },
    keyIssued: async (imei, key) => {
      liftCache.delete(imei);
      if (!options.dynsec) return;
      reportFailures('account of a new key', await control(accountCommands(imei, key)));
    },
  } satisfies DeviceTransport);

  // Readings already taken are committed and acknowledged before the gateway's ingest closes.
  app.addHook('preClose', async () => {
    closing = true;
    for (const request of [...requests.values()]) request.finish({ ok: false, error: MSG.serverError });
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    await client.endAsync();
  });
});
