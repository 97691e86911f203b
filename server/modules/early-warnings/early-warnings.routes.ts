import type { FastifyPluginAsync } from 'fastify';
import { earlyWarningsApi } from '../../../contract/api/early-warnings';
import { MSG } from '../../../contract/messages';
import { HttpError } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { createEarlyWarningsRepository } from './early-warnings.repository';
import { addDays, CHART_DAYS, runEarlyWarnings } from './early-warnings.service';

export interface EarlyWarningsRoutesOptions {
  /** How often the evaluation looks for a new complete day; null: only when a test runs it. */
  everyMs: number | null;
}

/** Early warnings from each lift's own history (docs/early-warnings.md): the daily evaluation and its reads. */
export const earlyWarningsRoutes: FastifyPluginAsync<EarlyWarningsRoutesOptions> = async (app, options) => {
  const repository = createEarlyWarningsRepository(app.db);

  app.serve(earlyWarningsApi.list, async (request) => {
    const [evaluatedDay, warnings] = await Promise.all([
      repository.evaluatedDay(),
      repository.list(currentUser(request)),
    ]);
    return { evaluatedDay, warnings };
  });

  app.serve(earlyWarningsApi.lift, async (request) => {
    const user = currentUser(request);
    const liftId = request.params.id;
    if (!(await repository.liftInScope(liftId, user))) throw new HttpError(404, MSG.liftNotFound);
    const [evaluatedDay, warnings] = await Promise.all([
      repository.evaluatedDay(),
      repository.list(user, liftId),
    ]);
    const from = evaluatedDay ? addDays(evaluatedDay, -(CHART_DAYS - 1)) : '1970-01-01';
    const series = await repository.series(
      liftId,
      warnings.map((w) => w.rule),
      from,
    );
    return { evaluatedDay, warnings, series };
  });

  if (options.everyMs !== null) {
    // On one process of all (server/plugins/jobs.ts). Each run is cheap once the first filled the
    // chart's days: it evaluates the days since the last run, so running hourly finds a new day
    // soon after midnight; catching up runs it at once on a portal that never ran it.
    app.jobs.every('early warnings', options.everyMs, () => runEarlyWarnings(app.db), {
      catchUp: true,
      firstDelayMs: 5_000,
    });
  }
};
