import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clusterNodes } from './cluster';
import { lifts } from './lifts';

/** One row per reading a controller sent, so the same `(imei, seq)` is stored once (docs/device-protocol.md). */
export const deviceReceipts = pgTable(
  'device_receipts',
  {
    imei: text('imei').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Purged by age, not partitioned: the (imei, seq) key that decides "stored once" cannot hold
  // the receipt's time (docs/telemetry.md).
  (table) => [
    primaryKey({ columns: [table.imei, table.seq] }),
    // BRIN: receipts arrive in `received_at` order, and the purge is its only reader; a B-tree cost
    // every ingested reading an index insert (migration 0025, docs/telemetry.md#ingest).
    index('device_receipts_received_at_idx').using('brin', table.receivedAt),
  ],
);

/**
 * Controllers connected to each process: a lift is online while one of its controllers is
 * connected to a live process, whichever (docs/scaling.md#lifts-online).
 */
export const deviceConnections = pgTable(
  'device_connections',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => clusterNodes.id, { onDelete: 'cascade' }),
    socketId: text('socket_id').notNull(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.nodeId, table.socketId] }),
    index('device_connections_lift_idx').on(table.liftId),
  ],
);
