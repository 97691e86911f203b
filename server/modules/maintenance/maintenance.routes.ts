import type { FastifyPluginAsync } from 'fastify';
import { maintenanceApi } from '../../../contract/api/maintenance';
import { DEFAULT_LANGUAGE } from '../../../contract/constants';
import { berlinDay, liftMaintenanceDue, maintenanceDueList, planOf } from '../../../contract/maintenance';
import { MAINTENANCE_MSG } from '../../../contract/maintenance-messages';
import { MSG } from '../../../contract/messages';
import type { ScopeUser } from '../../access/lifts';
import { afterCommit } from '../../db/request-transaction';
import { forbidden, HttpError } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { askLiftSeersToPull } from '../sync/sync-notify';
import { createMaintenanceRepository } from './maintenance.repository';
import { sendMaintenanceNotices } from './maintenance-notices';
import { stickersPdf } from './stickers';

export interface MaintenanceRoutesOptions {
  publicUrl: string;
  /** How often the notice job runs; null: only when called (tests). */
  noticeEveryMs: number | null;
}

/** Who records visits: admins, customer admins and the lift's service men, not customers (docs/maintenance.md). */
const mayRecord = (user: ScopeUser) => user.role !== 'customer';

/** Maintenance plans, due lists, visits, notices and stickers (docs/maintenance.md). */
export const maintenanceRoutes: FastifyPluginAsync<MaintenanceRoutesOptions> = async (app, options) => {
  const repository = createMaintenanceRepository(app.db);
  const defaults = () => app.settings.current().maintenance;

  const liftForUser = async (liftId: string, user: ScopeUser) => {
    const [lift] = await repository.liftsForDue(user, liftId);
    if (!lift) throw new HttpError(404, MSG.liftNotFound);
    return lift;
  };

  app.serve(maintenanceApi.due, async (request) => {
    const { noticeDays } = defaults();
    const today = berlinDay();
    const lifts = await repository.liftsForDue(currentUser(request), request.query.liftId);
    // The same computation as the PWA's offline due list (contract/maintenance.ts).
    const items = maintenanceDueList(lifts, defaults(), today, request.query.days ?? noticeDays).map(
      ({ subject: lift, due }) => ({
        liftId: lift.id,
        uid: lift.uid,
        address: lift.address,
        ...due,
        lastVisitOn: lift.lastVisit?.visitedOn ?? null,
        servicemen: lift.servicemen.map(({ id, displayName }) => ({ id, displayName })),
      }),
    );
    return { today, noticeDays, items };
  });

  app.serve(maintenanceApi.lift, async (request) => {
    const lift = await liftForUser(request.params.id, currentUser(request));
    return {
      plan: planOf(lift.maintenance, defaults()),
      due: liftMaintenanceDue(lift, defaults(), berlinDay()),
      visits: await repository.visits(lift.id),
    };
  });

  app.serve(maintenanceApi.record, async (request, reply) => {
    const user = currentUser(request);
    const lift = await liftForUser(request.params.id, user);
    if (!mayRecord(user)) throw forbidden();
    const { visitedOn, workDone, notes, photoUrls } = request.body;
    // A day of the calendar, not ahead of today in Europe/Berlin.
    const valid =
      !Number.isNaN(Date.parse(`${visitedOn}T00:00:00Z`)) &&
      new Date(`${visitedOn}T00:00:00Z`).toISOString().startsWith(visitedOn);
    if (!valid || visitedOn > berlinDay() || visitedOn < '2000-01-01') {
      throw new HttpError(400, MAINTENANCE_MSG.invalidDate, { visitedOn: MAINTENANCE_MSG.invalidDate });
    }
    const visit = await repository.insertVisit({
      liftId: lift.id,
      visitedOn,
      workDone,
      notes,
      photoUrls,
      recordedBy: user.id,
    });
    if (!visit) throw new HttpError(404, MSG.liftNotFound);
    askLiftSeersToPull(app, [lift.id], 'visits');
    // Its "maintenance due" state may have ended: the lift goes out again, once the visit is committed
    // (the lift lists' forget waits for the commit itself).
    app.liftLists.forget();
    afterCommit(() => app.liveLifts.changed(lift.id));
    reply.status(201);
    return visit;
  });

  app.serve(maintenanceApi.setPlan, async (request) => {
    const lift = await liftForUser(request.params.id, currentUser(request));
    await repository.setPlan(lift.id, request.body);
    // The plan travels with the lift (`Lift['maintenance']`): its seers get the lift again.
    app.liftLists.forget();
    app.liveLifts.changed(lift.id);
    const { everyTrips, everyHours, everyMonths, custom } = planOf(request.body, defaults());
    return { everyTrips, everyHours, everyMonths, custom };
  });

  app.serve(maintenanceApi.stickers, async (request, reply) => {
    const user = currentUser(request);
    const ids = [...new Set(request.query.ids)];
    const lifts = await repository.liftsByIds(ids, user);
    // One lift the user does not see spoils the sheet: nothing is told about it.
    if (lifts.length !== ids.length) throw new HttpError(404, MSG.liftNotFound);
    const german = (user.settings.language ?? DEFAULT_LANGUAGE) === 'de';
    const pdf = await stickersPdf(options.publicUrl, lifts, german ? 'Aufzug-Aufkleber' : 'Lift stickers');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${german ? 'aufkleber' : 'stickers'}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  if (options.noticeEveryMs !== null) {
    // On one process of all (server/plugins/jobs.ts), or every process would mail the notice.
    app.jobs.every(
      'maintenance notices',
      options.noticeEveryMs,
      () => sendMaintenanceNotices(app, options.publicUrl),
      {
        firstDelayMs: 30_000,
      },
    );
  }
};
