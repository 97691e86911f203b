import { HealthResponseSchema, PublicConfigSchema } from '../schemas/system';
import { endpoint } from './endpoint';

const tags = ['system'];

/** What anyone may ask before signing in: liveness and the browser's public settings. */
export const systemApi = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    answer: HealthResponseSchema,
    errors: [503],
    auth: 'public',
    summary: 'Liveness for load balancers and the installer: 200 only when the database answers a query',
    tags,
  }),
  config: endpoint({
    method: 'GET',
    path: '/config',
    answer: PublicConfigSchema,
    auth: 'public',
    summary: 'Public settings the browser needs before sign-in (never anything secret)',
    tags,
  }),
};
