import type { FastifyPluginAsync } from 'fastify';
import { inspectionsApi } from '../../../contract/api/inspections';
import { INSPECTION_MSG } from '../../../contract/inspection-messages';
import {
  INSPECTION_NOTICE_DAYS,
  inspectionDueList,
  inspectionsDue,
  isOutOfService,
} from '../../../contract/inspection-rules';
import { berlinDay } from '../../../contract/maintenance';
import { MSG } from '../../../contract/messages';
import { intervalOf } from '../../../contract/schemas/inspection';
import { mayFixDefect } from '../../access/inspections';
import type { ScopeUser } from '../../access/lifts';
import { forbidden, HttpError } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { askLiftSeersToPull } from '../sync/sync-notify';
import { createInspectionsRepository } from './inspections.repository';

/** A real day of the calendar (not 2025-02-30). */
const isCalendarDay = (day: string) =>
  !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** Statutory inspections, their defects and the lifts' intervals (docs/inspections.md). */
export const inspectionsRoutes: FastifyPluginAsync = async (app) => {
  const repository = createInspectionsRepository(app.db);

  const liftForUser = async (liftId: string, user: ScopeUser) => {
    const lift = await repository.liftInScope(liftId, user);
    if (!lift) throw new HttpError(404, MSG.liftNotFound);
    return lift;
  };
  const defectForUser = async (id: string, user: ScopeUser) => {
    const defect = await repository.defectInScope(id, user);
    if (!defect) throw new HttpError(404, INSPECTION_MSG.defectNotFound);
    return defect;
  };

  app.serve(inspectionsApi.due, async (request) => {
    const today = berlinDay();
    const days = request.query.days ?? INSPECTION_NOTICE_DAYS;
    const input = await repository.dueInputs(currentUser(request));
    const liftsById = new Map(input.lifts.map((lift) => [lift.id, lift]));
    // The same list as the PWA's from its mirror (contract/inspection-rules.ts).
    const items = inspectionDueList(input, today, days).map((entry) => {
      const lift = liftsById.get(entry.liftId);
      return { ...entry, liftUid: lift?.uid ?? '', liftAddress: lift?.address ?? '' };
    });
    return { today, days, items };
  });

  app.serve(inspectionsApi.lift, async (request) => {
    const lift = await liftForUser(request.params.id, currentUser(request));
    const interval = intervalOf(lift.ownInterval);
    const [inspections, defects] = await Promise.all([
      repository.inspections(lift.id),
      repository.defects(lift.id),
    ]);
    return {
      interval,
      // The same rules as the PWA's offline view (contract/inspection-rules.ts).
      due: inspectionsDue(inspections, interval.mainEveryMonths, berlinDay()),
      outOfService: isOutOfService(inspections, defects),
      inspections,
      defects,
    };
  });

  app.serve(inspectionsApi.record, async (request, reply) => {
    const user = currentUser(request);
    const lift = await liftForUser(request.params.id, user);
    const input = request.body;
    if (
      !isCalendarDay(input.inspectedOn) ||
      input.inspectedOn > berlinDay() ||
      input.inspectedOn < '2000-01-01'
    ) {
      throw new HttpError(400, INSPECTION_MSG.invalidDate, { inspectedOn: INSPECTION_MSG.invalidDate });
    }
    const badDeadline = input.defects.findIndex(
      (defect) => !isCalendarDay(defect.deadline) || defect.deadline < input.inspectedOn,
    );
    if (badDeadline >= 0) {
      throw new HttpError(400, INSPECTION_MSG.invalidDeadline, {
        [`defects.${badDeadline}.deadline`]: INSPECTION_MSG.invalidDeadline,
      });
    }
    const inspection = await repository.insertInspection(lift.id, input, user.id);
    askLiftSeersToPull(app, [lift.id], 'inspections');
    reply.status(201);
    return inspection;
  });

  app.serve(inspectionsApi.setInterval, async (request) => {
    const lift = await liftForUser(request.params.id, currentUser(request));
    await repository.setInterval(lift.id, request.body.mainEveryMonths);
    return intervalOf(request.body.mainEveryMonths);
  });

  app.serve(inspectionsApi.fix, async (request) => {
    const user = currentUser(request);
    const found = await defectForUser(request.params.id, user);
    if (!mayFixDefect(user)) throw forbidden();
    const defect = await repository.fix(found.id, user.id, request.body.fixNote);
    if (!defect) throw new HttpError(404, INSPECTION_MSG.defectNotFound);
    askLiftSeersToPull(app, [found.liftId], 'defects');
    return defect;
  });

  app.serve(inspectionsApi.close, async (request) => {
    const user = currentUser(request);
    const found = await defectForUser(request.params.id, user);
    const defect = await repository.close(found.id, user.id);
    if (!defect) throw new HttpError(409, INSPECTION_MSG.defectNotFixed);
    askLiftSeersToPull(app, [found.liftId], 'defects');
    return defect;
  });
};
