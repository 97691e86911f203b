import { SyncPullQuerySchema, SyncPullResponseSchema } from '../schemas/sync';
import { endpoint } from './endpoint';

/** The PWA's offline mirror (docs/sync.md); its writes go through the other domains' entries. */
export const syncApi = {
  pull: endpoint({
    method: 'GET',
    path: '/sync/pull',
    query: SyncPullQuerySchema,
    answer: SyncPullResponseSchema,
    auth: 'signedIn',
    summary:
      "Changes to the signed-in user's mirror since `cursor` (lifts in scope, descriptions, messages of the last 90 days), oldest first; `reset` when the cursor cannot be served",
    tags: ['sync'],
  }),
};
