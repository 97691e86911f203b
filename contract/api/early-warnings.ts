import { IdParamsSchema } from '../schemas/common';
import { EarlyWarningListSchema, LiftEarlyWarningsSchema } from '../schemas/early-warning';
import { endpoint } from './endpoint';

const tags = ['early-warnings'];

/** Early warnings from each lift's own history (docs/early-warnings.md); lifts scoped as in docs/access.md. */
export const earlyWarningsApi = {
  list: endpoint({
    method: 'GET',
    path: '/early-warnings',
    answer: EarlyWarningListSchema,
    auth: 'signedIn',
    summary:
      'The lifts the user sees that a rule marks unusual on the last evaluated day, with their figures',
    tags,
  }),
  lift: endpoint({
    method: 'GET',
    path: '/lifts/:id/early-warnings',
    params: IdParamsSchema,
    answer: LiftEarlyWarningsSchema,
    errors: [404],
    auth: 'signedIn',
    summary:
      "One lift's early warnings and, for each rule that flags it, the daily series with its baseline band",
    tags,
  }),
};
