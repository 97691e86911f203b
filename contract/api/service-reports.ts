import { IdParamsSchema } from '../schemas/common';
import {
  LiftServiceReportsSchema,
  ReportPartChoicesSchema,
  ServiceReportInputSchema,
  ServiceReportListQuerySchema,
  ServiceReportListSchema,
  ServiceReportSchema,
} from '../schemas/service-report';
import { endpoint } from './endpoint';

const tags = ['service-reports'];

/** Service reports signed on site (docs/service-reports.md); every lift scoped as in docs/access.md. */
export const serviceReportsApi = {
  create: endpoint({
    method: 'POST',
    path: '/lifts/:id/service-reports',
    params: IdParamsSchema,
    body: ServiceReportInputSchema,
    answer: ServiceReportSchema,
    status: 201,
    errors: [403, 404, 409],
    auth: 'service_man',
    summary:
      'Store a signed service report (admins, customer admins and the lift’s service men): its PDF goes into the lift’s files and is mailed to the lift’s customers. The report’s own `id` makes a resend answer the stored report',
    tags,
  }),
  lift: endpoint({
    method: 'GET',
    path: '/lifts/:id/service-reports',
    params: IdParamsSchema,
    answer: LiftServiceReportsSchema,
    errors: [404],
    auth: 'signedIn',
    summary: 'The lift’s service reports, newest first (whoever sees the lift)',
    tags,
  }),
  list: endpoint({
    method: 'GET',
    path: '/service-reports',
    query: ServiceReportListQuerySchema,
    answer: ServiceReportListSchema,
    auth: 'signedIn',
    summary: 'The service reports of the lifts the caller sees, newest first; by lift, author and days',
    tags,
  }),
  parts: endpoint({
    method: 'GET',
    path: '/service-reports/parts',
    answer: ReportPartChoicesSchema,
    auth: 'service_man',
    summary:
      'What a report’s parts are picked from: the public tableau articles and the base data’s spare parts',
    tags,
  }),
};
