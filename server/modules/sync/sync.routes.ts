import type { FastifyPluginAsync } from 'fastify';
import { syncApi } from '../../../contract/api/sync';
import { clientSettings } from '../../../contract/settings';
import { currentUser } from '../../plugins/auth';
import { pullChanges } from './sync.repository';
import { askEveryoneToPull } from './sync-notify';

/** The offline mirror's pull (docs/sync.md); pushes are the other domains' writes. */
export const syncRoutes: FastifyPluginAsync = async (app) => {
  app.serve(syncApi.pull, async (request) => ({
    ...(await pullChanges(app.db, currentUser(request), request.query)),
    settings: clientSettings(app.settings.current()),
  }));
  // Every process applies a new settings document (server/modules/settings/settings.plugin.ts) and tells its own
  // sockets: the mirrors pull, and with it take the new maintenance defaults and SIM threshold.
  const stop = app.settings.onChange(() => askEveryoneToPull(app, 'settings'));
  app.addHook('onClose', async () => {
    stop();
  });
};
