import type { FastifyPluginAsync } from 'fastify';
import { systemApi } from '../../../contract/api/system';
import { MSG } from '../../../contract/messages';
import { createHealthRepository } from './health.repository';

/** Liveness for load balancers and the installer: 200 only when the database answers a query. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const health = createHealthRepository(app.db);

  app.serve(systemApi.health, async (request, reply) => {
    try {
      await health.pingDatabase();
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ message: MSG.serverError });
    }
    return { status: 'ok' as const, database: app.databaseKind };
  });
};
