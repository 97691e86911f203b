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

/** What an inspection report may be: its type was told by its bytes at upload (server/lib/file-type.ts). */
const REPORT_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const PHOTO_ID = /^\/api\/files\/([0-9a-f-]{36})\/content$/;

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

  /**
   * The report must be a file of the inspection's lift whose bytes the portal stores (a registered
   * link's type is only claimed) and a PDF or image: a field error on `reportFileId` otherwise, so a
   * file of another lift, whoever's, is never linked.
   */
  const checkReport = async (fileId: string, liftId: string) => {
    const [file] = await repository.liftFiles([fileId], liftId);
    if (!file?.stored) {
      throw new HttpError(400, INSPECTION_MSG.reportNotFound, {
        reportFileId: INSPECTION_MSG.reportNotFound,
      });
    }
    if (!REPORT_TYPES.has(file.type)) {
      throw new HttpError(400, INSPECTION_MSG.reportTypeInvalid, {
        reportFileId: INSPECTION_MSG.reportTypeInvalid,
      });
    }
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
    if (input.reportFileId) await checkReport(input.reportFileId, lift.id);
    const inspection = await repository.insertInspection(lift.id, input, user.id);
    askLiftSeersToPull(app, [lift.id], 'inspections');
    reply.status(201);
    return inspection;
  });

  app.serve(inspectionsApi.attachReport, async (request) => {
    const found = await repository.inspectionInScope(request.params.id, currentUser(request));
    if (!found) throw new HttpError(404, INSPECTION_MSG.inspectionNotFound);
    await checkReport(request.body.reportFileId, found.liftId);
    const inspection = await repository.setReport(found.id, request.body.reportFileId);
    if (!inspection) throw new HttpError(404, INSPECTION_MSG.inspectionNotFound);
    askLiftSeersToPull(app, [found.liftId], 'inspections');
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
    const { fixNote, photoUrls } = request.body;
    // Photos of the defect's lift only, images (told by their bytes at upload).
    const photoIds = [...new Set(photoUrls.map((url) => PHOTO_ID.exec(url)?.[1] ?? ''))];
    const photos = await repository.liftFiles(photoIds, found.liftId);
    if (photos.length !== photoIds.length || photos.some((photo) => !PHOTO_TYPES.has(photo.type))) {
      throw new HttpError(400, INSPECTION_MSG.photoNotFound, { photoUrls: INSPECTION_MSG.photoNotFound });
    }
    const defect = await repository.fix(found.id, user.id, fixNote, [...new Set(photoUrls)]);
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
