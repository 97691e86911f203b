import type { FastifyPluginAsync } from 'fastify';
import { logsApi } from '../../../contract/api/logs';
import { MSG } from '../../../contract/messages';
import { deleteAllLogs, deleteLogs, listLogs } from './logs.repository';

/** The dev's log screen: server and device events (written by `writeLog`). */
export const logsRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  app.serve(logsApi.list, (request) => listLogs(db, request.query));

  app.serve(logsApi.remove, async (request) => ({
    message: MSG.deleted,
    count: await deleteLogs(db, request.body.ids),
  }));

  app.serve(logsApi.removeAll, async () => ({ message: MSG.deleted, count: await deleteAllLogs(db) }));
};
