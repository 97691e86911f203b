import type { Database, DatabaseHandle, DatabaseKind, ListenHandlers, Subscription } from '../db/client';
import { transactionAware } from '../db/request-transaction';
import { definePlugin } from '../lib/define-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    databaseKind: DatabaseKind;
    /** Set on PostgreSQL: several processes may share it (docs/scaling.md). */
    databaseUrl: string | null;
    /** LISTEN on a channel of the database; close the subscription when the app closes. */
    listenToDatabase(channel: string, handlers: ListenHandlers): Promise<Subscription>;
  }
}

export interface DatabasePluginOptions {
  handle: DatabaseHandle;
  /** False when the caller opened the database and keeps using it after the app closes (tests). */
  closeWithApp: boolean;
}

export const databasePlugin = definePlugin<DatabasePluginOptions>(
  'database',
  async (app, { handle, closeWithApp }) => {
    // Inside an idempotent write it is that request's transaction (server/db/request-transaction.ts).
    app.decorate('db', transactionAware(handle.db));
    app.decorate('databaseKind', handle.kind);
    app.decorate('databaseUrl', handle.url);
    app.decorate('listenToDatabase', (channel: string, handlers: ListenHandlers) =>
      handle.listen(channel, handlers),
    );
    if (closeWithApp) app.addHook('onClose', () => handle.close());
  },
);
