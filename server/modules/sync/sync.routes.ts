import type { FastifyPluginAsync } from 'fastify';
import { syncApi } from '../../../contract/api/sync';
import { currentUser } from '../../plugins/auth';
import { pullChanges } from './sync.repository';

/** The offline mirror's pull (docs/sync.md); pushes are the other domains' writes. */
export const syncRoutes: FastifyPluginAsync = async (app) => {
  app.serve(syncApi.pull, (request) => pullChanges(app.db, currentUser(request), request.query));
};
