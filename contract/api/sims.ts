import * as v from 'valibot';
import { MSG } from '../messages';
import {
  ProviderConnectivityInfoSchema,
  ProviderConnectivitySchema,
  ProviderEventsSchema,
  ProviderQuotaSchema,
  ProviderUsageSchema,
  SimAuthRequestSchema,
  SimDetailsSchema,
  SimDoneSchema,
  SimListRequestSchema,
  SimListResponseSchema,
  SimOperationRequestSchema,
  SimOperationResponseSchema,
  SimRefreshStateSchema,
  SimSessionFieldSchema,
  SimSessionSchema,
  SimTokenCheckSchema,
  SimTopupAnswerSchema,
} from '../schemas/sim';
import { endpoint } from './endpoint';

const tags = ['sims'];

/**
 * The named operations of `POST /api/sims/{apiName}` (docs/sims.md): each is one call of the
 * provider's SIM Management API on one card, answered with `iccid` added, except `requestTopup`,
 * which mails the top-up request to TOPUP_RECIPIENTS. `answer` is each one's answer (without the
 * added `iccid`), which the browser's `simOperation` is typed from.
 */
export const SIM_OPERATIONS = {
  details: {
    method: 'GET',
    provider: '/v1/sims/{iccid}',
    summary: 'The card (status, IMSI, MSISDN, quotas, ...)',
    answer: SimDetailsSchema,
  },
  status: {
    method: 'GET',
    provider: '/v1/sims/{iccid}/status',
    summary: 'Connectivity status and location',
    answer: ProviderConnectivitySchema,
  },
  connectivity: {
    method: 'GET',
    provider: '/v1/sims/{iccid}/connectivity_info',
    summary: 'Connectivity and cell information',
    answer: ProviderConnectivityInfoSchema,
  },
  usage: {
    method: 'GET',
    provider: '/v1/sims/{iccid}/usage?start_dt=&end_dt=',
    summary: 'Data and SMS usage a day over the last 30 days',
    answer: ProviderUsageSchema,
  },
  dataQuota: {
    method: 'GET',
    provider: '/v1/sims/{iccid}/quota/data',
    summary: 'The data quota (MB)',
    answer: ProviderQuotaSchema,
  },
  smsQuota: {
    method: 'GET',
    provider: '/v1/sims/{iccid}/quota/sms',
    summary: 'The SMS quota',
    answer: ProviderQuotaSchema,
  },
  events: {
    method: 'GET',
    provider: '/v1/sims/{iccid}/events',
    summary: 'The newest events of the card',
    answer: ProviderEventsSchema,
  },
  reset: {
    method: 'POST',
    provider: '/v1/sims/{iccid}/reset',
    summary: 'A connectivity reset',
    answer: SimDoneSchema,
  },
  sms: {
    method: 'POST',
    provider: '/v1/sims/{iccid}/sms',
    summary: 'An SMS (`payload`) to the controller',
    answer: SimDoneSchema,
  },
  requestTopup: {
    method: 'POST',
    provider: null,
    summary:
      'Request a top-up (the offer of the settings, 500MB for 35 euro by default) by mail; `confirm` repeats one within a day',
    answer: SimTopupAnswerSchema,
  },
} as const;
export type SimOperation = keyof typeof SIM_OPERATIONS;

/** What one operation answers: its own answer with the card's `iccid` added. */
export type SimOperationAnswer<O extends SimOperation> = v.InferOutput<
  (typeof SIM_OPERATIONS)[O]['answer']
> & { iccid: string };

export function isSimOperation(name: string): name is SimOperation {
  return Object.hasOwn(SIM_OPERATIONS, name);
}

/**
 * `apiName` of `POST /api/sims/{apiName}`: the operation names are published as the document's
 * enum, but checked by the route, so that another name answers 404 as an unknown path does.
 */
const SimOperationParamsSchema = v.object({
  apiName: v.pipe(
    v.string(),
    v.maxLength(64, MSG.tooLong),
    v.metadata({ enum: Object.keys(SIM_OPERATIONS) }),
  ),
});

/**
 * SIM management (admin and above). Every call but `authenticate` needs the SIM session token
 * (`access_token` in the body, the query for the GET) beside the bearer token; the SIM token alone
 * opens nothing, and a missing, foreign or expired one answers 403 (a 401 would end the sign-in).
 */
export const simsApi = {
  authenticate: endpoint({
    method: 'POST',
    path: '/sims/authenticate',
    body: SimAuthRequestSchema,
    answer: SimSessionSchema,
    errors: [403, 429],
    auth: 'admin',
    idempotent: false,
    summary:
      'Open SIM management: the signed-in admin confirms his password; a SIM session token for one hour',
    tags,
  }),
  authenticateWithToken: endpoint({
    method: 'POST',
    path: '/sims/authenticatewithtoken',
    body: SimSessionFieldSchema,
    answer: SimSessionSchema,
    errors: [403],
    auth: 'admin',
    idempotent: false,
    summary:
      'Resume SIM management with a SIM session token of the signed-in admin (the hour is not extended)',
    tags,
  }),
  check: endpoint({
    method: 'GET',
    path: '/sims-app/sims',
    query: SimSessionFieldSchema,
    answer: SimTokenCheckSchema,
    errors: [403],
    auth: 'admin',
    summary: 'Check a SIM session token',
    tags,
  }),
  list: endpoint({
    method: 'POST',
    path: '/sims',
    body: SimListRequestSchema,
    answer: SimListResponseSchema,
    errors: [403],
    auth: 'admin',
    idempotent: false,
    summary: 'A page of SIM cards (searched by ICCID, IMSI, MSISDN, IP address, label, lift)',
    tags,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/sims/refresh',
    body: SimSessionFieldSchema,
    answer: SimRefreshStateSchema,
    errors: [403],
    auth: 'admin',
    idempotent: false,
    summary: 'Start refreshing every card from the provider (or join the running refresh)',
    tags,
  }),
  refreshState: endpoint({
    method: 'GET',
    path: '/sims/refresh',
    query: SimSessionFieldSchema,
    answer: SimRefreshStateSchema,
    errors: [403],
    auth: 'admin',
    summary: 'Progress of the refresh of every card',
    tags,
  }),
  operation: endpoint({
    method: 'POST',
    path: '/sims/:apiName',
    params: SimOperationParamsSchema,
    body: SimOperationRequestSchema,
    answer: SimOperationResponseSchema,
    errors: [403, 404, 409, 422, 429, 502, 503],
    auth: 'admin',
    summary: `One named provider operation on one card (${Object.keys(SIM_OPERATIONS).join(', ')}), answered with iccid added`,
    tags,
  }),
};
