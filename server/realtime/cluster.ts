import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { clusterNodes, presenceSockets } from '../db/schema/cluster';
import { deviceConnections } from '../db/schema/devices';
import { lifts } from '../db/schema/lifts';
import { takeSyncLock } from '../db/sync-lock';
import { definePlugin } from '../lib/define-plugin';

/** What a dead process left behind: its users' sockets and its controllers' connections, now removed. */
export interface SweptNodes {
  userIds: string[];
  liftIds: string[];
}

export interface Cluster {
  /** This process's row in `cluster_nodes`; its sockets and controllers are recorded under it. */
  nodeId: string;
  /** Several processes may share the database (PostgreSQL); false on PGlite. */
  shared: boolean;
  /** Dead processes were removed: their users may have gone offline, their lifts too. */
  onSwept(listener: (swept: SweptNodes) => void): void;
  /** This process's row was gone (taken for dead after a long pause) and is back: record the sockets again. */
  onRejoined(listener: () => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    cluster: Cluster;
  }
}

export interface ClusterPluginOptions {
  /** How often this process says it is alive (ms). */
  heartbeatMs?: number;
  /** A process silent this long is dead (ms). */
  deadAfterMs?: number;
}

const HEARTBEAT_MS = 5_000;
const DEAD_AFTER_MS = 20_000;

/**
 * Removes the nodes silent for `deadAfterMs` (every other node on PGlite, which has one process)
 * with their sockets and connections; lifts left with no connection anywhere go offline. The
 * database's clock decides, so processes on machines with skewed clocks agree.
 */
async function sweep(db: Database, selfId: string, deadAfterMs: number | null): Promise<SweptNodes> {
  return db.transaction(async (tx) => {
    const dead = await tx
      .select({ id: clusterNodes.id })
      .from(clusterNodes)
      .where(
        deadAfterMs === null
          ? ne(clusterNodes.id, selfId)
          : and(
              ne(clusterNodes.id, selfId),
              sql`${clusterNodes.seenAt} < now() - make_interval(secs => ${deadAfterMs / 1000})`,
            ),
      )
      .for('update', { skipLocked: true });
    const deadIds = dead.map((row) => row.id);
    if (deadIds.length === 0) return { userIds: [], liftIds: [] };
    const users = await tx
      .delete(presenceSockets)
      .where(inArray(presenceSockets.nodeId, deadIds))
      .returning({ userId: presenceSockets.userId });
    const gone = await tx
      .delete(deviceConnections)
      .where(inArray(deviceConnections.nodeId, deadIds))
      .returning({ liftId: deviceConnections.liftId });
    await tx.delete(clusterNodes).where(inArray(clusterNodes.id, deadIds));
    const liftIds = [...new Set(gone.map((row) => row.liftId))].sort();
    // The lock device-gateway.ts takes around a connection's change, so a controller connecting
    // now is counted below (server/db/sync-lock.ts: before any lift row is locked).
    if (liftIds.length > 0) await tx.execute(takeSyncLock);
    const offline =
      liftIds.length === 0
        ? []
        : await tx
            .update(lifts)
            .set({ online: false, version: sql`${lifts.version} + 1`, updatedAt: sql`now()` })
            .where(
              and(
                inArray(lifts.id, liftIds),
                eq(lifts.online, true),
                sql`not exists (select 1 from ${deviceConnections} where ${deviceConnections.liftId} = ${lifts.id})`,
              ),
            )
            .returning({ id: lifts.id });
    return { userIds: [...new Set(users.map((row) => row.userId))], liftIds: offline.map((row) => row.id) };
  });
}

/**
 * `app.cluster` (docs/scaling.md): this process's row among the processes sharing the database,
 * its heartbeat, and the leader's sweep of dead processes. Needs `app.jobs`.
 */
export const clusterPlugin = definePlugin<ClusterPluginOptions>('cluster', async (app, options) => {
  const db = app.db;
  const nodeId = randomUUID();
  const shared = app.databaseKind === 'postgres';
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const deadAfterMs = options.deadAfterMs ?? DEAD_AFTER_MS;
  const sweptListeners: ((swept: SweptNodes) => void)[] = [];
  const rejoinListeners: (() => Promise<void>)[] = [];

  await db.insert(clusterNodes).values({ id: nodeId });
  // PGlite: whatever an earlier process left is dead. PostgreSQL: only what stopped beating.
  const atStart = await sweep(db, nodeId, shared ? deadAfterMs : null);
  // Lifts still marked online with no controller on any live process (a crash before this table).
  await db
    .update(lifts)
    .set({ online: false })
    .where(
      and(
        eq(lifts.online, true),
        sql`not exists (select 1 from ${deviceConnections} where ${deviceConnections.liftId} = ${lifts.id})`,
      ),
    );

  const tell = (swept: SweptNodes) => {
    if (swept.userIds.length === 0 && swept.liftIds.length === 0) return;
    app.log.info({ users: swept.userIds.length, lifts: swept.liftIds.length }, 'dead processes swept');
    for (const listener of sweptListeners) listener(swept);
  };

  let beating = false;
  const heartbeat = async () => {
    if (beating) return;
    beating = true;
    try {
      const seen = await db
        .update(clusterNodes)
        .set({ seenAt: sql`now()` })
        .where(eq(clusterNodes.id, nodeId))
        .returning({ id: clusterNodes.id });
      if (seen.length === 0) {
        app.log.warn('this process was taken for dead; recording its sockets again');
        await db.insert(clusterNodes).values({ id: nodeId }).onConflictDoNothing();
        for (const listener of rejoinListeners) await listener();
      }
    } catch (error) {
      app.log.warn({ err: error }, 'cluster heartbeat failed');
    } finally {
      beating = false;
    }
  };
  const timer = setInterval(() => void heartbeat(), heartbeatMs);
  timer.unref();

  app.decorate('cluster', {
    nodeId,
    shared,
    onSwept: (listener) => {
      sweptListeners.push(listener);
    },
    onRejoined: (listener) => {
      rejoinListeners.push(listener);
    },
  } satisfies Cluster);

  // Announced once everybody listens.
  app.addHook('onReady', async () => tell(atStart));
  if (shared) {
    app.jobs.every('sweep dead processes', heartbeatMs, async () =>
      tell(await sweep(db, nodeId, deadAfterMs)),
    );
  }
  // After the sockets closed (their own rows went with them): the node row last.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await db
      .delete(clusterNodes)
      .where(eq(clusterNodes.id, nodeId))
      .catch((error: unknown) => app.log.warn({ err: error }, 'leaving the cluster failed'));
  });
});
