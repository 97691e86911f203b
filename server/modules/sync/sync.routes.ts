import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorSchema } from '../../../contract/errors';
import { SyncPullQuerySchema, SyncPullResponseSchema } from '../../../contract/schemas/sync';
import { currentUser } from '../../plugins/auth';
import type { ValibotTypeProvider } from '../../plugins/validation';
import { pullChanges } from './sync.repository';

const bearer = [{ bearerAuth: [] }];

export const syncRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/sync/pull',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['sync'],
        summary:
          "Changes to the signed-in user's mirror since `cursor` (lifts in scope, descriptions, messages of the last 90 days), oldest first; `reset` when the cursor cannot be served",
        security: bearer,
        querystring: SyncPullQuerySchema,
        response: { 200: SyncPullResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    (request) => pullChanges(app.db, currentUser(request), request.query),
  );
};
