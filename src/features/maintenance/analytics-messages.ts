import { msg } from '@lingui/core/macro';
import type { ANALYTICS_MSG } from '../../../contract/analytics-messages';
import { registerServerMessages } from '../../data/server-messages';

type AnalyticsMessage = (typeof ANALYTICS_MSG)[keyof typeof ANALYTICS_MSG];

/** The maintenance texts the server may send, translated with the maintenance screens (src/data/server-messages.ts). */
registerServerMessages<AnalyticsMessage>({
  'Describe the work done': msg`Describe the work done`,
  'Enter a date as YYYY-MM-DD, not in the future': msg`Enter a date as YYYY-MM-DD, not in the future`,
  'Photo links must start with https:// or /api/': msg`Photo links must start with https:// or /api/`,
  'Choose between 1 and 200 lifts': msg`Choose between 1 and 200 lifts`,
});
