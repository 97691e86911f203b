import { IdParamsSchema } from '../schemas/common';
import {
  AlarmDeliveriesResponseSchema,
  OutboxItemSchema,
  OutboxListQuerySchema,
  OutboxListResponseSchema,
} from '../schemas/outbox';
import { endpoint } from './endpoint';

const tags = ['outbox'];

/** The durable outbox of mail, SMS and push (docs/outbox.md). */
export const outboxApi = {
  list: endpoint({
    method: 'GET',
    path: '/outbox',
    query: OutboxListQuerySchema,
    answer: OutboxListResponseSchema,
    auth: 'admin',
    summary: 'Outgoing messages, newest first, by state, channel, kind and a search of recipient and subject',
    tags,
  }),
  retry: endpoint({
    method: 'POST',
    path: '/outbox/:id/retry',
    params: IdParamsSchema,
    answer: OutboxItemSchema,
    errors: [404, 409],
    auth: 'admin',
    idempotent: true,
    summary: 'Send a failed message again (409 unless it failed); it is delivered once more',
    tags,
  }),
  alarmDeliveries: endpoint({
    method: 'GET',
    path: '/alarms/:id/deliveries',
    params: IdParamsSchema,
    answer: AlarmDeliveriesResponseSchema,
    errors: [404],
    auth: 'signedIn',
    summary: "An alarm's notifications per person and channel: sent, retrying or failed (scoped like the alarm)",
    tags,
  }),
};
