import {
  PushKeySchema,
  PushResultSchema,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
} from '../schemas/alarm';
import { endpoint } from './endpoint';

const tags = ['push'];

/** Web Push subscriptions of the signed-in user's devices (docs/alarms.md#push). */
export const pushApi = {
  key: endpoint({
    method: 'GET',
    path: '/push/key',
    answer: PushKeySchema,
    auth: 'signedIn',
    summary: "The server's VAPID public key for subscribing to push notifications",
    tags,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/push/subscriptions',
    body: PushSubscriptionSchema,
    answer: PushResultSchema,
    auth: 'signedIn',
    summary:
      "Register this device's push subscription for the signed-in user (alarms arrive as notifications)",
    tags,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/push/subscriptions/remove',
    body: PushUnsubscribeSchema,
    answer: PushResultSchema,
    auth: 'signedIn',
    summary: 'Remove a push subscription of the signed-in user',
    tags,
  }),
};
