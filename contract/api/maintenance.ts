import { IdParamsSchema } from '../schemas/common';
import {
  LiftMaintenanceSchema,
  MaintenanceDueListSchema,
  MaintenanceDueQuerySchema,
  MaintenancePlanInputSchema,
  MaintenancePlanSchema,
  MaintenanceVisitInputSchema,
  MaintenanceVisitSchema,
  StickerQuerySchema,
} from '../schemas/maintenance';
import { endpoint } from './endpoint';

const tags = ['maintenance'];

/** Maintenance plans, visits and lift stickers (docs/maintenance.md); every lift scoped as in docs/access.md. */
export const maintenanceApi = {
  due: endpoint({
    method: 'GET',
    path: '/maintenance/due',
    query: MaintenanceDueQuerySchema,
    answer: MaintenanceDueListSchema,
    auth: 'signedIn',
    summary:
      'Lifts the user sees that are overdue or fall due within `days` (default: the notice days of the settings), soonest first',
    tags,
  }),
  lift: endpoint({
    method: 'GET',
    path: '/lifts/:id/maintenance',
    params: IdParamsSchema,
    answer: LiftMaintenanceSchema,
    errors: [404],
    auth: 'signedIn',
    summary: 'The lift’s plan, when it falls due, and its visits, newest first',
    tags,
  }),
  record: endpoint({
    method: 'POST',
    path: '/lifts/:id/maintenance',
    params: IdParamsSchema,
    body: MaintenanceVisitInputSchema,
    answer: MaintenanceVisitSchema,
    status: 201,
    errors: [403, 404],
    auth: 'service_man',
    summary:
      'Record a maintenance visit (admins, customer admins and the lift’s service men): it resets the plan. Repeat with the same Idempotency-Key to get the first answer',
    tags,
  }),
  setPlan: endpoint({
    method: 'PUT',
    path: '/lifts/:id/maintenance-plan',
    params: IdParamsSchema,
    body: MaintenancePlanInputSchema,
    answer: MaintenancePlanSchema,
    errors: [404],
    auth: 'admin',
    summary: 'The lift’s own plan (every N trips, H hours, M months); null takes the default back',
    tags,
  }),
  stickers: endpoint({
    method: 'GET',
    path: '/lifts/stickers',
    query: StickerQuerySchema,
    file: { types: ['application/pdf'] },
    errors: [404],
    auth: 'signedIn',
    summary:
      'A PDF with one sticker per lift: a QR code of the lift’s link in the PWA, its ID and address (lifts the user sees; up to 200)',
    tags,
  }),
};
