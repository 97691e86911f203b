import * as v from 'valibot';
import { MSG } from '../messages';
import { IdSchema } from './common';

/**
 * The durable outbox (docs/outbox.md): every message the portal sends is a row, delivered by a
 * worker with retries. These are its shapes as the admin's outbox page and an alarm's page see them.
 */

/** How a message travels. */
export const OUTBOX_CHANNELS = ['mail', 'sms', 'push'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * pending: waiting for its first try or, with `attempts > 0`, for its next retry at `nextAttemptAt`;
 * sending: taken by a worker right now; sent: handed over; failed: given up (`lastError` says why).
 */
export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** Why a message exists: what the admin's page filters by. */
export const OUTBOX_KINDS = [
  'alarm',
  'escalation',
  'alarm-test',
  'maintenance',
  'sim-alert',
  'topup',
  'invitation',
  'reset',
  'offer',
  'order',
  'report',
  'inspection',
  'admin-mail',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** One delivery: one message to one recipient over one channel. */
export const OutboxItemSchema = v.object({
  id: v.string(),
  channel: v.picklist(OUTBOX_CHANNELS),
  kind: v.picklist(OUTBOX_KINDS),
  state: v.picklist(OUTBOX_STATES),
  /** The address, phone number or push service host it goes to (a push endpoint's host only). */
  to: v.string(),
  /** The recipient's display name when he is a user of the portal. */
  recipientName: v.nullable(v.string()),
  /** A mail's subject, an SMS's text, a push's title. */
  subject: v.string(),
  alarmId: v.nullable(v.string()),
  liftId: v.nullable(v.string()),
  attempts: v.number(),
  createdAt: v.string(),
  nextAttemptAt: v.nullable(v.string()),
  sentAt: v.nullable(v.string()),
  failedAt: v.nullable(v.string()),
  /** The last failure as the receiving server or gateway worded it. */
  lastError: v.nullable(v.string()),
});
export type OutboxItem = v.InferOutput<typeof OutboxItemSchema>;

/** `GET /outbox`: by state, channel and kind; `search` matches the recipient and the subject. */
export const OutboxListQuerySchema = v.object({
  state: v.optional(v.picklist(OUTBOX_STATES, MSG.invalidValue)),
  channel: v.optional(v.picklist(OUTBOX_CHANNELS, MSG.invalidValue)),
  kind: v.optional(v.picklist(OUTBOX_KINDS, MSG.invalidValue)),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, MSG.tooLong))),
});

/** At most this many rows per answer, newest first. */
export const OUTBOX_LIST_LIMIT = 500;

export const OutboxListResponseSchema = v.object({
  messages: v.array(OutboxItemSchema),
  /** Whether more rows matched than the answer holds. */
  truncated: v.boolean(),
  /** Rows per state over the whole outbox (not only the filtered ones): the page's tabs. */
  counts: v.object({ pending: v.number(), sending: v.number(), sent: v.number(), failed: v.number() }),
});

/** An alarm's deliveries: per person and channel (the alarm's page). */
export const AlarmDeliveriesResponseSchema = v.object({
  alarmId: IdSchema,
  deliveries: v.array(OutboxItemSchema),
});
