import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { MSG } from '../contract/messages';
import { HOUR_MS } from '../contract/time';
import type { Config } from './config';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from './db/client';
import { blobStoragePlugin } from './integrations/blob/blob-storage';
import { mailPlugin } from './integrations/mail/mailer';
import { pushPlugin } from './integrations/push/push';
import { simProviderPlugin } from './integrations/sim/sim-provider';
import { smsPlugin } from './integrations/sms/sms';
import { redactUrl } from './lib/redact-url';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { alarmsRoutes } from './modules/alarms/alarms.routes';
import { alarmsPlugin } from './modules/alarms/alarms.service';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { baseRoutes } from './modules/base/base.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { configRoutes } from './modules/config/config.routes';
import { descriptionsRoutes } from './modules/descriptions/descriptions.routes';
import { deviceGatewayPlugin } from './modules/devices/device-gateway';
import { devicesRoutes } from './modules/devices/devices.routes';
import { mqttBridgePlugin } from './modules/devices/mqtt-bridge';
import { earlyWarningsRoutes } from './modules/early-warnings/early-warnings.routes';
import { emailRoutes } from './modules/email/email.routes';
import { mailQuotaPlugin } from './modules/email/mail-quota';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { inspectionReminders } from './modules/inspections/inspection-reminders';
import { inspectionsRoutes } from './modules/inspections/inspections.routes';
import { liftListsPlugin } from './modules/lifts/lift-lists';
import { liftsRoutes } from './modules/lifts/lifts.routes';
import { liveLiftsPlugin } from './modules/lifts/live-lifts';
import { logsRoutes } from './modules/logs/logs.routes';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { outboxPlugin } from './modules/outbox/outbox.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { serviceReportsRoutes } from './modules/service-reports/service-reports.routes';
import { settingsPlugin } from './modules/settings/settings.plugin';
import { settingsRoutes } from './modules/settings/settings.routes';
import { simsRoutes } from './modules/sims/sims.routes';
import { storageRoutes } from './modules/storage/storage.routes';
import { syncRoutes } from './modules/sync/sync.routes';
import { tableauRoutes } from './modules/tableau/tableau.routes';
import { telemetryPlugin } from './modules/telemetry/telemetry.service';
import { usersRoutes } from './modules/users/users.routes';
import { apiDocsPlugin } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { databasePlugin } from './plugins/database';
import { endpointsPlugin } from './plugins/endpoints';
import { errorsPlugin } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { jobsPlugin } from './plugins/jobs';
import { metricsPlugin } from './plugins/metrics';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { validationPlugin } from './plugins/validation';
import { webAppPlugin } from './plugins/web-app';
import { clusterPlugin } from './realtime/cluster';
import { userSocketPlugin } from './realtime/user-socket';
import { seedDatabase } from './seed';

export interface BuildAppOptions {
  /** An open database the caller keeps and closes itself (tests); otherwise the config's is opened. */
  database?: DatabaseHandle;
  /** pino options (a test's level and stream); the request serializer is always ours. */
  logger?: LoggerOptions;
}

const BODY_LIMIT_BYTES = 1024 * 1024;
/** Headers come first and are small: they get at most this long, however long the whole request may take. */
const HEADERS_TIMEOUT_MS = 20_000;
/** How often Node looks for requests past their timeout. */
const TIMEOUT_CHECK_INTERVAL_MS = 5_000;

function databaseOptions(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'migrationsDir'>): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, migrationsDir: config.migrationsDir }
    : { kind: 'pglite', dataDir: `${config.dataDir}/pglite`, migrationsDir: config.migrationsDir };
}

/** The request as a log line shows it: link tokens in the URL are redacted (server/lib/redact-url.ts). */
const LOG_SERIALIZERS = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** pino; pretty lines only for a developer at a terminal, and only when pino-pretty is installed. */
function loggerOptions(config: Config, given?: LoggerOptions): LoggerOptions {
  const options = { level: config.logLevel, ...given, serializers: LOG_SERIALIZERS };
  if (given) return options;
  if (config.isProduction || !process.stdout.isTTY) return options;
  try {
    import.meta.resolve('pino-pretty');
  } catch {
    return options;
  }
  return {
    ...options,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
  };
}

/** Builds the whole server on an open, migrated and seeded database (server/seed/index.ts); does not listen. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(databaseOptions(config)));

  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    // Only behind a proxy that sets it: otherwise a client could pick its own address (docs/scaling.md).
    trustProxy: config.trustProxy,
    // A request must arrive, headers and body, within the timeout: a sender trickling bytes is cut
    // off with 408 instead of holding a connection open for ever (docs/api.md#limits-and-logging).
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, HEADERS_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(config.requestTimeoutMs, TIMEOUT_CHECK_INTERVAL_MS),
    },
    // A malformed URL (bad percent-encoding) gets the usual error shape instead of Fastify's.
    frameworkErrors: (_error, _request, reply) => {
      const answer: FastifyReply = reply;
      answer.code(400).send({ message: MSG.invalidRequest });
    },
  });

  try {
    await seedDatabase(app, database.db, config);

    await app.register(validationPlugin);
    await app.register(errorsPlugin);
    await app.register(securityPlugin, { webDir: config.webDir });
    await app.register(compressionPlugin);
    await app.register(metricsPlugin, { ...config.metrics, poolStats: database.poolStats });
    await app.register(databasePlugin, { handle: database, closeWithApp: ownsDatabase });
    await app.register(jobsPlugin);
    await app.register(clusterPlugin, {
      deadAfterMs: config.processTimeoutMs,
      heartbeatMs: Math.max(500, Math.round(config.processTimeoutMs / 4)),
    });
    await app.register(authPlugin, {
      secret: config.authSecret,
      tokenTtlSeconds: config.tokenTtlSeconds,
      sessionMaxSeconds: config.sessionMaxSeconds,
    });
    await app.register(rateLimitPlugin);
    await app.register(idempotencyPlugin, { secret: config.authSecret });
    await app.register(apiDocsPlugin, { publicUrl: config.publicUrl });
    await app.register(userSocketPlugin);
    await app.register(mailPlugin, {
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      dataDir: config.dataDir,
    });
    await app.register(mailQuotaPlugin, config.mailQuota);
    await app.register(smsPlugin, {
      smsUrl: config.sms.url,
      accountSid: config.sms.accountSid,
      authToken: config.sms.authToken,
      from: config.sms.from,
      dataDir: config.dataDir,
    });
    await app.register(pushPlugin, {
      dataDir: config.dataDir,
      subject: config.vapidSubject,
      allowHosts: config.pushAllowHosts,
    });
    await app.register(outboxPlugin, { pollMs: config.outboxPollMs, mailFrom: config.mailFrom });
    await app.register(simProviderPlugin, {
      provider: config.simProvider,
      once: config.once,
      simulateUsage: config.demo === 'full',
    });
    await app.register(blobStoragePlugin, {
      azureStorageConnectionString: config.azureStorageConnectionString,
      dataDir: config.dataDir,
    });
    await app.register(settingsPlugin, { pollMs: config.nodeEnv === 'test' ? 0 : undefined });
    await app.register(liveLiftsPlugin, {});
    await app.register(deviceGatewayPlugin, { clock: config.deviceClock });
    if (config.mqttUrl) {
      await app.register(mqttBridgePlugin, { url: config.mqttUrl, dynsec: config.mqttDynsec });
    }
    await app.register(alarmsPlugin, {
      publicUrl: config.publicUrl,
      // Tests run the offline and escalation checks themselves, on their own clock.
      checkEveryMs: config.nodeEnv === 'test' ? null : 30_000,
      quietOffline: config.demo === 'full',
      perUserHourlyLimit: config.alarmNoticeHourlyLimit,
      lineTestHours: config.emergencyCallTestHours,
      emergencyCallEscalationSeconds: config.trappedEscalationSeconds,
    });
    await app.register(telemetryPlugin, {
      // Partitions ahead, raw retention and old device receipts: every 6 hours (tests call it).
      runEveryMs: config.nodeEnv === 'test' ? null : 6 * HOUR_MS,
      deviceClock: config.deviceClock,
    });
    await app.register(liftListsPlugin);
    await app.register(endpointsPlugin);

    await app.register(healthRoutes, { prefix: '/api' });
    await app.register(configRoutes, { prefix: '/api', config });
    await app.register(usersRoutes, {
      prefix: '/api',
      loginRateLimit: config.loginRateLimit,
      addressRateLimit: config.addressRateLimit,
      authSecret: config.authSecret,
      publicUrl: config.publicUrl,
    });
    await app.register(accountsRoutes, {
      prefix: '/api',
      authSecret: config.authSecret,
      publicUrl: config.publicUrl,
      passwordResetRateLimit: config.passwordResetRateLimit,
      addressRateLimit: config.addressRateLimit,
      registerRateLimit: config.registerRateLimit,
    });
    await app.register(profileRoutes, {
      prefix: '/api',
      passwordRateLimit: config.loginRateLimit,
    });
    await app.register(emailRoutes, {
      prefix: '/api',
      dataDir: config.dataDir,
      mailRateLimit: config.mailRateLimit,
    });
    await app.register(liftsRoutes, { prefix: '/api' });
    await app.register(descriptionsRoutes, { prefix: '/api' });
    await app.register(messagesRoutes, { prefix: '/api' });
    await app.register(logsRoutes, { prefix: '/api' });
    await app.register(devicesRoutes, { prefix: '/api' });
    await app.register(syncRoutes, { prefix: '/api' });
    await app.register(chatRoutes, { prefix: '/api' });
    await app.register(storageRoutes, {
      prefix: '/api',
      authSecret: config.authSecret,
      fileMaxBytes: config.fileMaxBytes,
    });
    await app.register(filesRoutes, {
      prefix: '/api',
      authSecret: config.authSecret,
      fileMaxBytes: config.fileMaxBytes,
    });
    await app.register(simsRoutes, {
      prefix: '/api',
      authSecret: config.authSecret,
      loginRateLimit: config.loginRateLimit,
      topupRecipients: config.topupRecipients,
      publicUrl: config.publicUrl,
      refreshMinutes: config.simRefreshMinutes,
      // Tests refresh when they ask; a running portal refreshes shortly after start.
      firstRefreshDelayMs: config.nodeEnv === 'test' ? null : 10_000,
    });
    await app.register(alarmsRoutes, { prefix: '/api' });
    await app.register(outboxRoutes, { prefix: '/api' });

    await app.register(analyticsRoutes, { prefix: '/api' });
    await app.register(earlyWarningsRoutes, {
      prefix: '/api',
      // Tests evaluate when they ask; a running portal looks for a new complete day every hour.
      everyMs: config.nodeEnv === 'test' ? null : HOUR_MS,
    });
    await app.register(inspectionsRoutes, { prefix: '/api' });
    await app.register(inspectionReminders, {
      publicUrl: config.publicUrl,
      // Tests run the reminders when they ask; a running portal checks every hour.
      everyMs: config.nodeEnv === 'test' ? null : HOUR_MS,
    });
    await app.register(maintenanceRoutes, {
      prefix: '/api',
      publicUrl: config.publicUrl,
      // Tests run the notice job when they ask; a running portal checks every hour.
      noticeEveryMs: config.nodeEnv === 'test' ? null : HOUR_MS,
    });
    await app.register(serviceReportsRoutes, { prefix: '/api', publicUrl: config.publicUrl });
    await app.register(tableauRoutes, {
      prefix: '/api',
      fileMaxBytes: config.fileMaxBytes,
    });
    await app.register(settingsRoutes, { prefix: '/api' });
    await app.register(baseRoutes, { prefix: '/api' });
    await app.register(projectsRoutes, {
      prefix: '/api',
      publicUrl: config.publicUrl,
    });

    await app.register(webAppPlugin, { webDir: config.webDir });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => {});
    // Closing twice (once by the database plugin's onClose) is harmless; staying open would hang.
    if (ownsDatabase) await database.close().catch(() => {});
    throw error;
  }
  return app;
}
