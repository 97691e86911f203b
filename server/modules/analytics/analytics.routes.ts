import type { FastifyPluginAsync } from 'fastify';
import { analyticsApi } from '../../../contract/api/analytics';
import { MSG } from '../../../contract/messages';
import { HttpError } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { createAnalyticsRepository } from './analytics.repository';
import { backfillRollupsIfEmpty } from './backfill';
import { analyticsIngestStep } from './rollup';

export interface AnalyticsRoutesOptions {
  /** The clock of the ranges (tests move it). */
  now?: () => Date;
}

/** `GET /analytics` (docs/analytics.md) and the roll-up step of the ingest that feeds it. */
export const analyticsRoutes: FastifyPluginAsync<AnalyticsRoutesOptions> = async (app, options) => {
  const analytics = createAnalyticsRepository(app.db);
  const now = options.now ?? (() => new Date());
  // Before the first reading is rolled up: the demo seed stored its readings after the migrations.
  await backfillRollupsIfEmpty(app.db);
  app.devices.provideReadingStep('analyticsRollup', analyticsIngestStep);

  app.serve(analyticsApi.get, async (request) => {
    const user = currentUser(request);
    const { range, liftId } = request.query;
    if (liftId && !(await analytics.liftInScope(liftId, user))) throw new HttpError(404, MSG.liftNotFound);
    return analytics.analytics(user, range, liftId, now());
  });
};
