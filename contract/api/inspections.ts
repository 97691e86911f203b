import { IdParamsSchema } from '../schemas/common';
import {
  DefectFixInputSchema,
  DefectSchema,
  InspectionDueListSchema,
  InspectionDueQuerySchema,
  InspectionInputSchema,
  InspectionIntervalInputSchema,
  InspectionIntervalSchema,
  InspectionReportInputSchema,
  InspectionSchema,
  InspectionWithDefectsSchema,
  LiftInspectionsSchema,
} from '../schemas/inspection';
import { endpoint } from './endpoint';

const tags = ['inspections'];

/** Statutory inspections and their defects (docs/inspections.md); every lift scoped as in docs/access.md. */
export const inspectionsApi = {
  due: endpoint({
    method: 'GET',
    path: '/inspections/due',
    query: InspectionDueQuerySchema,
    answer: InspectionDueListSchema,
    auth: 'signedIn',
    summary:
      'Inspections and defect deadlines of the lifts the user sees that are overdue or fall due within `days` (default 30), soonest first',
    tags,
  }),
  lift: endpoint({
    method: 'GET',
    path: '/lifts/:id/inspections',
    params: IdParamsSchema,
    answer: LiftInspectionsSchema,
    errors: [404],
    auth: 'signedIn',
    summary:
      'The lift’s inspection interval, when its next inspections fall due, whether dangerous defects keep it out of service, its inspections (newest first) and their defects',
    tags,
  }),
  record: endpoint({
    method: 'POST',
    path: '/lifts/:id/inspections',
    params: IdParamsSchema,
    body: InspectionInputSchema,
    answer: InspectionWithDefectsSchema,
    status: 201,
    errors: [404],
    auth: 'admin',
    summary:
      'Record an inspection with the defects it found (admins), optionally with the body’s report, a PDF or image stored among the lift’s files before (`reportFileId`)',
    tags,
  }),
  attachReport: endpoint({
    method: 'PUT',
    path: '/inspections/:id/report',
    params: IdParamsSchema,
    body: InspectionReportInputSchema,
    answer: InspectionSchema,
    errors: [404],
    auth: 'admin',
    summary:
      'Link the inspection body’s report to an inspection recorded before (admins): a PDF or image stored among the lift’s files (`POST /files/register`); replaces an earlier one, which stays among the files',
    tags,
  }),
  setInterval: endpoint({
    method: 'PUT',
    path: '/lifts/:id/inspection-interval',
    params: IdParamsSchema,
    body: InspectionIntervalInputSchema,
    answer: InspectionIntervalSchema,
    errors: [404],
    auth: 'admin',
    summary:
      'The lift’s own interval of main inspections in months (the intermediate one half-way); null takes the default back',
    tags,
  }),
  fix: endpoint({
    method: 'POST',
    path: '/defects/:id/fixed',
    params: IdParamsSchema,
    body: DefectFixInputSchema,
    answer: DefectSchema,
    errors: [403, 404],
    auth: 'service_man',
    summary:
      'Mark a defect fixed, with what was done and optionally photos, files of the lift (the lift’s service men and admins). A defect fixed before is answered as it is',
    tags,
  }),
  close: endpoint({
    method: 'POST',
    path: '/defects/:id/close',
    params: IdParamsSchema,
    answer: DefectSchema,
    errors: [404, 409],
    auth: 'admin',
    summary: 'Close a fixed defect (admins). A defect closed before is answered as it is',
    tags,
  }),
};
