import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './users';

/**
 * The server processes sharing this database (docs/scaling.md): each writes `seen_at` every few
 * seconds; a row not refreshed for long is a dead process, removed with its sockets below.
 */
export const clusterNodes = pgTable('cluster_nodes', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Open user sockets of every process: who is online, across processes (docs/realtime.md#presence). */
export const presenceSockets = pgTable(
  'presence_sockets',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => clusterNodes.id, { onDelete: 'cascade' }),
    socketId: text('socket_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.nodeId, table.socketId] }),
    index('presence_sockets_user_idx').on(table.userId),
  ],
);
