import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorSchema } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import { HealthResponseSchema } from '../../../contract/schemas/system';
import type { ValibotTypeProvider } from '../../plugins/validation';

/** Liveness for load balancers and the installer: 200 only when the database answers a query. */
export const healthRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: HealthResponseSchema, 503: ApiErrorSchema } } },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ message: MSG.serverError });
      }
      return { status: 'ok' as const, database: app.databaseKind };
    },
  );
};
