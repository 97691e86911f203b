import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { MSG } from '../contract/messages';
import type { Config } from './config';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from './db/client';
import { blobStoragePlugin } from './integrations/blob/blob-storage';
import { mailPlugin } from './integrations/mail/mailer';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { configRoutes } from './modules/config/config.routes';
import { descriptionsRoutes } from './modules/descriptions/descriptions.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { emailRoutes } from './modules/email/email.routes';
import { healthRoutes } from './modules/health/health.routes';
import { liftsRoutes } from './modules/lifts/lifts.routes';
import { logsRoutes } from './modules/logs/logs.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { syncRoutes } from './modules/sync/sync.routes';
import { usersRoutes } from './modules/users/users.routes';
import { apiDocsPlugin } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/database';
import { endpointsPlugin } from './plugins/endpoints';
import { errorsPlugin } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { validationPlugin } from './plugins/validation';
import { webAppPlugin } from './plugins/web-app';
import { deviceGatewayPlugin } from './realtime/device-gateway';
import { liveLiftsPlugin } from './realtime/live-lifts';
import { userSocketPlugin } from './realtime/user-socket';
import { prepareFirstStart } from './seed';

export interface BuildAppOptions {
  /** An open database the caller keeps and closes itself (tests); otherwise the config's is opened. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

const BODY_LIMIT_BYTES = 1024 * 1024;

function databaseOptions(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'migrationsDir'>): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, migrationsDir: config.migrationsDir }
    : { kind: 'pglite', dataDir: `${config.dataDir}/pglite`, migrationsDir: config.migrationsDir };
}

/** pino; pretty lines only for a developer at a terminal, and only when pino-pretty is installed. */
function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const options = { level: config.logLevel };
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

/** Builds the whole server on an open, migrated and (on first start) seeded database; does not listen. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(databaseOptions(config)));

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    // A malformed URL (bad percent-encoding) gets the usual error shape instead of Fastify's.
    frameworkErrors: (_error, _request, reply) => {
      const answer: FastifyReply = reply;
      answer.code(400).send({ message: MSG.invalidRequest });
    },
  });

  try {
    await prepareFirstStart(database.db, config, app.log);

    await app.register(validationPlugin);
    await app.register(errorsPlugin);
    await app.register(securityPlugin);
    await app.register(databasePlugin, { handle: database, closeWithApp: ownsDatabase });
    await app.register(authPlugin, { secret: config.authSecret, tokenTtlSeconds: config.tokenTtlSeconds });
    await app.register(rateLimitPlugin);
    await app.register(idempotencyPlugin, {});
    await app.register(apiDocsPlugin);
    await app.register(userSocketPlugin);
    await app.register(mailPlugin, {
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      dataDir: config.dataDir,
    });
    await app.register(blobStoragePlugin, {
      azureStorageConnectionString: config.azureStorageConnectionString,
      dataDir: config.dataDir,
    });
    await app.register(liveLiftsPlugin, {});
    await app.register(deviceGatewayPlugin);
    await app.register(endpointsPlugin);

    await app.register(healthRoutes, { prefix: '/api' });
    await app.register(configRoutes, { prefix: '/api', config });
    await app.register(usersRoutes, {
      prefix: '/api',
      loginRateLimit: config.loginRateLimit,
      authSecret: config.authSecret,
      publicUrl: config.publicUrl,
    });
    await app.register(accountsRoutes, {
      prefix: '/api',
      authSecret: config.authSecret,
      publicUrl: config.publicUrl,
      passwordResetRateLimit: config.passwordResetRateLimit,
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
