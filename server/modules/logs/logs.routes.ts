import type { FastifyPluginAsync } from 'fastify';
import { logsApi } from '../../../contract/api/logs';
import { MSG } from '../../../contract/messages';
import { createLogsRepository } from './logs.repository';

/** The dev's log screen: server and device events (written by `writeLog`). */
export const logsRoutes: FastifyPluginAsync = async (app) => {
  const logs = createLogsRepository(app.db);

  app.serve(logsApi.list, (request) => logs.list(request.query));

  app.serve(logsApi.remove, async (request) => ({
    message: MSG.deleted,
    count: await logs.deleteMany(request.body.ids),
  }));

  app.serve(logsApi.removeAll, async () => ({ message: MSG.deleted, count: await logs.deleteAll() }));
};
