import { AnalyticsAnswerSchema, AnalyticsQuerySchema } from '../schemas/analytics';
import { endpoint } from './endpoint';

/** Analytics from the hourly and daily roll-ups the ingest keeps (docs/analytics.md). */
export const analyticsApi = {
  get: endpoint({
    method: 'GET',
    path: '/analytics',
    query: AnalyticsQuerySchema,
    answer: AnalyticsAnswerSchema,
    errors: [404],
    auth: 'signedIn',
    summary:
      'Trips, operating hours, availability, faults, MTBF, MTTR, frequent error codes and the lifts with most faults, over the lifts the user sees (or one of them), for a range in Europe/Berlin: DT, DY, 7D, 28D, 90D, TW, LW, 2W',
    tags: ['analytics'],
  }),
};
