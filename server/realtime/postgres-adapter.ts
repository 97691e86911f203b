import { setTimeout as sleep } from 'node:timers/promises';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Server } from 'socket.io';
import { DEVICE_NAMESPACE } from '../../contract/device';

/** The table of migration 0015 (custom) where payloads above NOTIFY's 8000 bytes wait. */
const ATTACHMENTS_TABLE = 'socket_io_attachments';

/**
 * Socket.io's PostgreSQL adapter (docs/scaling.md#socket-events): every broadcast, room change
 * (`socketsJoin`, `disconnectSockets`) and `fetchSockets` reaches the sockets of every process
 * through LISTEN/NOTIFY, on a small pool of its own so the app's queries never wait for it.
 * Answers how to close it.
 */
/** How long closing waits for the adapter's connections to be given back. */
const POOL_END_WAIT_MS = 1000;

export async function attachPostgresAdapter(
  io: Server,
  url: string,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 3,
    application_name: 'lift-portal socket.io',
    keepAlive: true,
  });
  pool.on('error', (error) => log.warn({ err: error }, 'socket.io adapter connection failed'));
  // The adapter keeps one client checked out for LISTEN; the pool watches only idle ones, and an
  // 'error' nobody listens to (the server going away) would end the process. The adapter reconnects.
  pool.on('connect', (client) => {
    client.on('error', (error) => log.warn({ err: error }, 'socket.io adapter connection lost'));
  });
  io.adapter(
    createAdapter(pool, {
      tableName: ATTACHMENTS_TABLE,
      errorHandler: (error) => log.warn({ err: error }, 'socket.io adapter'),
    }),
  );
  return async () => {
    // Each namespace's adapter stops listening and its timers; then their connections go.
    await Promise.all(['/', DEVICE_NAMESPACE].map((name) => io.of(name).adapter.close()));
    // A client the adapter held when the server went away is never given back: do not wait for it.
    await Promise.race([pool.end().catch(() => {}), sleep(POOL_END_WAIT_MS, undefined, { ref: false })]);
  };
}
