import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { DEFAULT_TOKEN_TTL_SECONDS } from '../contract/constants';
import { DAY_MS, HOUR_MS } from '../contract/time';
import { type AllowedHost, parseAllowedHost } from './integrations/push/push-address';
import { readOrCreateFile } from './lib/file-once';

export type Environment = Readonly<Record<string, string | undefined>>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SIM_PROVIDERS = ['simulator', '1nce'] as const;
/** Virtual controllers a newcomer's demo starts with, so the portal moves. */
const DEMO_SIMULATED_DEVICES = 12;

const wholeNumber = (fallback: number, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    String(fallback),
  );

const PUSH_ALLOW_HOSTS_FORMAT = 'must be a comma-separated list of host or host:port, such as localhost:8443';

const httpUrl = (example: string) =>
  v.pipe(v.string(), v.url(`must be a URL such as ${example}`), v.regex(/^https?:\/\//i, 'must use http(s)'));

/**
 * The shapes @azure/storage-blob accepts: an account key (with BlobEndpoint or EndpointSuffix),
 * a SAS for a BlobEndpoint, or Azurite's `UseDevelopmentStorage=true`. Checked here so that a
 * typo stops the start with the variable's name rather than the SDK's message.
 */
function isAzureConnectionString(value: string): boolean {
  if (value.startsWith('UseDevelopmentStorage=true')) return true;
  const parts = value.split(';').filter((part) => part.trim() !== '');
  if (!parts.every((part) => /^[A-Za-z]+=./.test(part))) return false;
  const names = new Set(parts.map((part) => part.slice(0, part.indexOf('='))));
  const has = (...wanted: string[]) => wanted.every((name) => names.has(name));
  return (
    (has('DefaultEndpointsProtocol', 'AccountName', 'AccountKey') &&
      (has('BlobEndpoint') || has('EndpointSuffix'))) ||
    has('BlobEndpoint', 'SharedAccessSignature')
  );
}

/** `a, b,,c` as `['a', 'b', 'c']`: the comma-separated lists of the environment. */
const commaList = v.transform((list: string) =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const EnvSchema = v.object({
  NODE_ENV: v.optional(
    v.picklist(['development', 'production', 'test'], 'must be development, production or test'),
    'development',
  ),
  PORT: wholeNumber(3000, 0, 65535),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
  ),
  AUTH_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters long'))),
  TOKEN_TTL: wholeNumber(DEFAULT_TOKEN_TTL_SECONDS, 1, 365 * 24 * 60 * 60),
  SESSION_MAX_DAYS: wholeNumber(30, 1, 365),
  REQUEST_TIMEOUT_SECONDS: wholeNumber(30, 1, 3600),
  DEVICE_CLOCK_PAST_DAYS: wholeNumber(30, 1, 3650),
  DEVICE_CLOCK_AHEAD_HOURS: wholeNumber(24, 1, 24 * 365),
  PUBLIC_URL: v.optional(httpUrl('https://lifts.example.com')),
  /** Unset: no MQTT bridge; controllers use the socket only (docs/device-protocol.md#mqtt). */
  MQTT_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(mqtts?|wss?):\/\//, 'must start with mqtt://, mqtts://, ws:// or wss://'),
      v.url('must be a URL such as mqtt://portal:secret@broker:1883'),
    ),
  ),
  /** 1: the bridge keeps one Mosquitto dynamic-security client per lift (docs/device-protocol.md#mqtt). */
  MQTT_DYNSEC: v.optional(v.picklist(['0', '1', 'true', 'false'], 'must be 0 or 1'), '0'),
  SEED_DEMO: v.optional(v.string(), '1'),
  /** A process whose heartbeat is this old is dead: its users and controllers are gone (docs/scaling.md). */
  PROCESS_TIMEOUT_SECONDS: wholeNumber(20, 2, 3600),
  TRUST_PROXY: v.optional(v.picklist(['0', '1', 'false', 'true'], 'must be 0, 1, false or true'), '0'),
  /** Unset: a dozen with the full demo, none otherwise (see `demo` and `simulateDevices`). */
  SIMULATE_DEVICES: v.optional(wholeNumber(0, 0, 100_000)),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.string(), 'Lift Portal <noreply@localhost>'),
  SMS_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\//, 'must start with http:// or https://'))),
  SMS_ACCOUNT_SID: v.optional(v.string(), ''),
  SMS_AUTH_TOKEN: v.optional(v.string(), ''),
  SMS_FROM: v.optional(v.string(), ''),
  VAPID_SUBJECT: v.optional(
    v.pipe(v.string(), v.regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')),
  ),
  /** Push services beyond public https ones, e.g. one on loopback in tests (docs/alarms.md#push). */
  PUSH_ALLOW_HOSTS: v.optional(
    v.pipe(
      v.string(),
      commaList,
      v.transform((entries) => entries.map((entry) => parseAllowedHost(entry) ?? entry)),
      v.array(v.object({ hostname: v.string(), port: v.optional(v.number()) }, PUSH_ALLOW_HOSTS_FORMAT)),
    ),
    '',
  ),
  AZURE_STORAGE_CONNECTION_STRING: v.optional(
    v.pipe(
      v.string(),
      v.check(
        isAzureConnectionString,
        'must be an Azure Storage connection string with DefaultEndpointsProtocol, AccountName and AccountKey, or BlobEndpoint and SharedAccessSignature',
      ),
    ),
  ),
  /** Largest file an upload may carry (docs/files.md#limits). */
  FILE_MAX_MB: wholeNumber(25, 1, 1024),
  SIM_PROVIDER: v.optional(
    v.picklist(SIM_PROVIDERS, `must be one of ${SIM_PROVIDERS.join(', ')}`),
    'simulator',
  ),
  ONCE_CLIENT_ID: v.optional(v.string()),
  ONCE_CLIENT_SECRET: v.optional(v.string()),
  ONCE_API_URL: v.optional(
    httpUrl('https://api.1nce.com/management-api'),
    'https://api.1nce.com/management-api',
  ),
  /** 0 turns the scheduled refresh of the SIM cards off. */
  SIM_REFRESH_MINUTES: wholeNumber(15, 0, 7 * 24 * 60),
  /**
   * How often each process's outbox worker looks for due messages besides being woken
   * (docs/outbox.md#the-worker); 0: it never runs on its own (tests that drive it on their clock).
   */
  OUTBOX_POLL_MS: wholeNumber(1000, 0, 60_000),
  TOPUP_RECIPIENTS: v.optional(
    v.pipe(
      v.string(),
      commaList,
      v.array(v.pipe(v.string(), v.email('must be a comma-separated list of email addresses'))),
    ),
    '',
  ),
  DESIGN_EDITOR_URL: v.optional(httpUrl('https://designer.example.com')),
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an email address'))),
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters long'))),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  LOGIN_RATE_LIMIT: wholeNumber(10, 1, 100_000),
  ADDRESS_RATE_LIMIT: wholeNumber(20, 1, 100_000),
  PASSWORD_RESET_RATE_LIMIT: wholeNumber(5, 1, 100_000),
  REGISTER_RATE_LIMIT: wholeNumber(10, 1, 100_000),
  MAIL_RATE_LIMIT: wholeNumber(10, 1, 100_000),
  MAIL_SENDER_HOURLY_LIMIT: wholeNumber(30, 1, 100_000),
  MAIL_RECIPIENT_HOURLY_LIMIT: wholeNumber(5, 1, 100_000),
  ALARM_NOTICE_HOURLY_LIMIT: wholeNumber(20, 1, 100_000),
  EMERGENCY_CALL_TEST_HOURS: wholeNumber(72, 1, 24 * 365),
  TRAPPED_ESCALATION_SECONDS: wholeNumber(60, 1, 24 * 3600),
  /** Unset with METRICS_PORT unset: no metrics endpoint (docs/metrics.md). */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters long'))),
  METRICS_PORT: v.optional(wholeNumber(0, 0, 65535)),
  METRICS_HOST: v.optional(v.string(), '127.0.0.1'),
  WEB_DIR: v.optional(v.string()),
  MIGRATIONS_DIR: v.optional(v.string()),
});

type LogLevel = (typeof LOG_LEVELS)[number];
type SimProvider = (typeof SIM_PROVIDERS)[number];

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Absolute folder for the embedded database, the generated secret, mail outbox and files. */
  dataDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  authSecret: string;
  tokenTtlSeconds: number;
  /** A session's absolute lifetime: however often its token is renewed, it ends after this. */
  sessionMaxSeconds: number;
  /** How long one request may take to arrive, headers and body (slow senders are cut off). */
  requestTimeoutMs: number;
  /**
   * Behind a reverse proxy (docs/scaling.md): the client's address is taken from X-Forwarded-For,
   * for rate limits and logs. Off, that header is ignored, since anybody may send it.
   */
  trustProxy: boolean;
  /** A process silent this long is taken for dead; each beats four times within it. */
  processTimeoutMs: number;
  /** The window around the server's clock in which a controller's reading time is accepted. */
  deviceClock: { pastMs: number; aheadMs: number };
  publicUrl: string;
  /** The MQTT broker of the controllers' second transport; undefined: no MQTT bridge. */
  mqttUrl: string | undefined;
  /** Whether the bridge manages the controllers' broker accounts (Mosquitto dynamic security). */
  mqttDynsec: boolean;
  /**
   * Demo mode (docs/architecture.md#seed-and-demo-mode), decided here only, from SEED_DEMO and NODE_ENV:
   * - `full` (SEED_DEMO on, development): the first start seeds the demo accounts, lifts with their
   *   readings, lift files, tableau library and projects (server/seed/); SIM usage is simulated,
   *   offline alarms send no mail, and `simulateDevices` defaults to a dozen.
   * - `accounts` (SEED_DEMO on, NODE_ENV=test): the demo accounts only; tests build their own fixtures.
   * - `off` (SEED_DEMO=0, or production, whose first start creates the dev account instead).
   * Virtual controllers (`simulateDevices`) run in any mode but `off`.
   */
  demo: 'full' | 'accounts' | 'off';
  /** Virtual controllers of demo mode (`SIMULATE_DEVICES`); by default a dozen with the full demo. */
  simulateDevices: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The SMS gateway (Twilio's Messages API); `url` undefined means the SMS outbox in `dataDir`. */
  sms: { url: string | undefined; accountSid: string; authToken: string; from: string };
  /** Contact for the push services in the VAPID signature (`mailto:` or `https://`). */
  vapidSubject: string;
  /** Hosts (any port, or the one given) the push sender reaches beyond public https ones. */
  pushAllowHosts: AllowedHost[];
  azureStorageConnectionString: string | undefined;
  /** Largest file an upload may carry, in bytes (`FILE_MAX_MB`). */
  fileMaxBytes: number;
  simProvider: SimProvider;
  /** The 1NCE Management API: base URL and OAuth client credentials (`SIM_PROVIDER=1nce`). */
  once: { apiUrl: string; clientId: string; clientSecret: string };
  /** Minutes between scheduled refreshes of the SIM cards from the provider; 0: none. */
  simRefreshMinutes: number;
  /** The outbox worker's poll interval; null: it runs only when called. */
  outboxPollMs: number | null;
  topupRecipients: string[];
  /** Empty when no external design editor is configured. */
  designEditorUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: LogLevel;
  loginRateLimit: number;
  /** Failed sign-in attempts and reset requests a minute per address, across emails (spraying). */
  addressRateLimit: number;
  /** Password reset mails a minute per address and email. */
  passwordResetRateLimit: number;
  /** Registrations from invitation links a minute per address. */
  registerRateLimit: number;
  /** Mails through `sendMailOverGmailSMTP` a minute per user. */
  mailRateLimit: number;
  /**
   * Mails a user can trigger (invitations, resets, top-ups, offers) per hour, per sender (a user,
   * or a guest's address) and per recipient address, counted in the database (docs/api.md#rate-limits).
   */
  mailQuota: { perSender: number; perRecipient: number };
  /** Alarm notifications one user may get per hour, all channels together (docs/alarms.md). */
  alarmNoticeHourlyLimit: number;
  /** Hours a lift may go without a good emergency-call line test (docs/alarms.md#emergency-call). */
  emergencyCallTestHours: number;
  /** Seconds an emergency call (passengers trapped) may stay unacknowledged before it escalates. */
  trappedEscalationSeconds: number;
  /**
   * The Prometheus endpoint (docs/metrics.md): `/metrics` on the portal's port behind `token`, and/or
   * on a port of its own on `host` (the token asked there too when set). Neither set: off.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** The built PWA; served only when the folder exists. */
  webDir: string;
  migrationsDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration from environment variables (README.md#configuration). Empty values count as unset.
 * Throws a ConfigError naming every invalid variable, never echoing a value (it may be a secret).
 */
export function loadConfig(env: Environment = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
  const parsed = v.safeParse(EnvSchema, present);
  if (!parsed.success) {
    const problems = parsed.issues.map(
      (issue) => `  ${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${[...new Set(problems)].join('\n')}`);
  }
  const e = parsed.output;
  if (e.SIM_PROVIDER === '1nce' && (!e.ONCE_CLIENT_ID || !e.ONCE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  SIM_PROVIDER: 1nce needs ONCE_CLIENT_ID and ONCE_CLIENT_SECRET (the API client of the 1NCE portal)',
    );
  }
  const mqttDynsec = e.MQTT_DYNSEC === '1' || e.MQTT_DYNSEC === 'true';
  if (mqttDynsec && !e.MQTT_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  MQTT_DYNSEC: needs MQTT_URL (the broker whose accounts it manages)',
    );
  }
  if (e.SMS_URL && (!e.SMS_ACCOUNT_SID || !e.SMS_AUTH_TOKEN || !e.SMS_FROM)) {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_URL: needs SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM (the gateway account and sender)',
    );
  }
  const root = packageRoot();
  const seedDemo = e.SEED_DEMO !== '0' && e.SEED_DEMO.toLowerCase() !== 'false';
  const demo = !seedDemo || e.NODE_ENV === 'production' ? 'off' : e.NODE_ENV === 'test' ? 'accounts' : 'full';
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    tokenTtlSeconds: e.TOKEN_TTL,
    sessionMaxSeconds: e.SESSION_MAX_DAYS * 24 * 60 * 60,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    processTimeoutMs: e.PROCESS_TIMEOUT_SECONDS * 1000,
    deviceClock: {
      pastMs: e.DEVICE_CLOCK_PAST_DAYS * DAY_MS,
      aheadMs: e.DEVICE_CLOCK_AHEAD_HOURS * HOUR_MS,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mqttUrl: e.MQTT_URL,
    mqttDynsec,
    demo,
    simulateDevices: e.SIMULATE_DEVICES ?? (demo === 'full' ? DEMO_SIMULATED_DEVICES : 0),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: {
      url: e.SMS_URL?.replace(/\/+$/, ''),
      accountSid: e.SMS_ACCOUNT_SID,
      authToken: e.SMS_AUTH_TOKEN,
      from: e.SMS_FROM,
    },
    vapidSubject: e.VAPID_SUBJECT ?? vapidSubjectOf(e.PUBLIC_URL, e.MAIL_FROM),
    pushAllowHosts: e.PUSH_ALLOW_HOSTS,
    azureStorageConnectionString: e.AZURE_STORAGE_CONNECTION_STRING,
    fileMaxBytes: e.FILE_MAX_MB * 1024 * 1024,
    simProvider: e.SIM_PROVIDER,
    once: {
      apiUrl: e.ONCE_API_URL.replace(/\/+$/, ''),
      clientId: e.ONCE_CLIENT_ID ?? '',
      clientSecret: e.ONCE_CLIENT_SECRET ?? '',
    },
    simRefreshMinutes: e.SIM_REFRESH_MINUTES,
    outboxPollMs: e.OUTBOX_POLL_MS === 0 ? null : e.OUTBOX_POLL_MS,
    topupRecipients: e.TOPUP_RECIPIENTS,
    designEditorUrl: e.DESIGN_EDITOR_URL ?? '',
    adminEmail: e.ADMIN_EMAIL?.trim().toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    addressRateLimit: e.ADDRESS_RATE_LIMIT,
    passwordResetRateLimit: e.PASSWORD_RESET_RATE_LIMIT,
    registerRateLimit: e.REGISTER_RATE_LIMIT,
    mailRateLimit: e.MAIL_RATE_LIMIT,
    mailQuota: { perSender: e.MAIL_SENDER_HOURLY_LIMIT, perRecipient: e.MAIL_RECIPIENT_HOURLY_LIMIT },
    alarmNoticeHourlyLimit: e.ALARM_NOTICE_HOURLY_LIMIT,
    emergencyCallTestHours: e.EMERGENCY_CALL_TEST_HOURS,
    trappedEscalationSeconds: e.TRAPPED_ESCALATION_SECONDS,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : path.join(root, 'dist', 'web'),
    migrationsDir: e.MIGRATIONS_DIR
      ? path.resolve(e.MIGRATIONS_DIR)
      : path.join(root, 'server', 'db', 'migrations'),
  };
}

/** The portal's https address, else the sender address of its mails, as the push services' contact. */
function vapidSubjectOf(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl?.startsWith('https://')) return publicUrl.replace(/\/+$/, '');
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

/**
 * A secret generated once and kept in DATA_DIR, so tokens survive restarts without any setup.
 * `wx` makes a concurrent second process read the first one's secret instead of overwriting it.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  const secret = readOrCreateFile(file, () => randomBytes(48).toString('base64url')).trim();
  if (secret.length < 32) throw new ConfigError(`${file} holds a secret shorter than 32 characters`);
  return secret;
}

/**
 * The folder holding package.json: found by walking up, because this module runs both from
 * `server/` (tsx, vitest) and bundled into `dist/server/main.js`.
 */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}
