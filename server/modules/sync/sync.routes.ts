import type { FastifyPluginAsync } from 'fastify';
import { syncApi } from '../../../contract/api/sync';
import { MIRRORED_TABLE_NAMES } from '../../../contract/mirrored-tables';
import { clientSettings } from '../../../contract/settings';
import { currentUser } from '../../plugins/auth';
import type { PortalMetrics } from '../../plugins/metrics';
import { type PullPage, pullChanges } from './sync.repository';
import { askEveryoneToPull } from './sync-notify';

/** A pull page in the metrics (docs/metrics.md): its kind and how many rows and deletions it carries. */
function countPull(metrics: PortalMetrics, cursor: string | undefined, page: PullPage) {
  const kind = page.reset ? 'reset' : cursor ? 'delta' : 'first';
  metrics.syncPulls.inc({ kind });
  let rows = 0;
  for (const name of MIRRORED_TABLE_NAMES) rows += page[name].length + page.deleted[name].length;
  metrics.syncPullRows.observe(rows);
}

/** The offline mirror's pull (docs/sync.md); pushes are the other domains' writes. */
export const syncRoutes: FastifyPluginAsync = async (app) => {
  app.serve(syncApi.pull, async (request) => {
    const page = await pullChanges(app.db, currentUser(request), request.query);
    countPull(app.metrics, request.query.cursor, page);
    return { ...page, settings: clientSettings(app.settings.current()) };
  });
  // Every process applies a new settings document (server/modules/settings/settings.plugin.ts) and tells its own
  // sockets: the mirrors pull, and with it take the new maintenance defaults and SIM threshold.
  const stop = app.settings.onChange(() => askEveryoneToPull(app, 'settings'));
  app.addHook('onClose', async () => {
    stop();
  });
};
