import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { StartupError } from './seed';

/** How long a graceful shutdown may take before the process gives up on open work. */
const SHUTDOWN_GRACE_MS = 10_000;

function fail(error: unknown): never {
  // Expected refusals get their message only; anything else its stack.
  const expected = error instanceof ConfigError || error instanceof StartupError;
  console.error(expected ? `Cannot start: ${error.message}` : error);
  process.exit(1);
}

function shutDownOn(signals: NodeJS.Signals[], app: FastifyInstance) {
  let closing = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of signals) process.on(signal, shutDown);
}

async function main() {
  const config = loadConfig(process.env);
  const app = await buildApp(config);
  shutDownOn(['SIGINT', 'SIGTERM'], app);
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: app.databaseKind, publicUrl: config.publicUrl },
    `Lift portal listening on ${address}`,
  );
  startVirtualControllers(app, config);
}

/**
 * Demo mode (docs/architecture.md#seed-and-demo-mode, README.md#configuration): SIMULATE_DEVICES
 * virtual controllers for the seeded lifts, on the leader only (docs/scaling.md): several
 * processes start one set, and another process starts it when the leader is gone.
 */
function startVirtualControllers(app: FastifyInstance, config: Config) {
  const count = config.simulateDevices;
  if (config.demo === 'off' || count === 0) return;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.jobs.whileLeader('demo controllers', async () => {
    const { startDemoControllers } = await import('./demo/demo-controllers');
    const demoControllers = await startDemoControllers(app.db, `http://127.0.0.1:${port}`, count);
    app.log.info({ controllers: demoControllers.controllers.length }, 'demo: virtual controllers started');
    return () => demoControllers.stop();
  });
}

main().catch(fail);
