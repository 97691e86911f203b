import * as v from 'valibot';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';
import { MSG } from '../messages';
import { DAY_MS } from '../time';
import { IdSchema } from './common';
import { IccidSchema } from './lift';
import { LoginRequestSchema } from './user';

/**
 * SIM cards (docs/sims.md): the portal's own rows as the API answers them, the SIM session, and
 * the shapes of the provider's answers (the 1NCE Management API) that the portal reads.
 */

/** The data quota of a card by the low-volume rule (`sims.lowVolumePercent`, 20 % by default): enough left, below it, nothing left. */
export const SIM_LEVELS = ['sufficient', 'low', 'empty'] as const;
export type SimLevel = (typeof SIM_LEVELS)[number];

/**
 * The level of a card with `left` of `total` MB, low below `lowVolumePercent` (the settings
 * document's `sims.lowVolumePercent`); at 20 % the provider's `quota_status.id` is the same scale (0, 1, 2).
 */
export function simLevel(
  left: number | null,
  total: number | null,
  lowVolumePercent: number,
): SimLevel | null {
  if (left === null || total === null || total <= 0) return null;
  if (left <= 0) return 'empty';
  return left * 100 < total * lowVolumePercent ? 'low' : 'sufficient';
}

/**
 * The top-up offered to admins: the settings document's `sims.topUpDataMb` and
 * `sims.topUpPriceCents` (docs/settings.md; "500MB for 35 euro" by default), as the SIM answers
 * carry it, so the screens, the mails and the recorded request name the same offer.
 */
export const SimTopupOfferSchema = v.object({ dataMb: v.number(), priceCents: v.number() });
export type SimTopupOffer = v.InferOutput<typeof SimTopupOfferSchema>;

/** The offer's figures in a language: "500" and "35 Euro" (de) or "35 euros" (en); cents only when there are some. */
export function formatTopupOffer(locale: string, offer: SimTopupOffer) {
  const digits = offer.priceCents % 100 === 0 ? 0 : 2;
  return {
    dataMb: new Intl.NumberFormat(locale).format(offer.dataMb),
    price: new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      currencyDisplay: 'name',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(offer.priceCents / 100),
  };
}
/** A second top-up request for the same card within this time asks for confirmation first. */
export const TOPUP_REPEAT_WINDOW_MS = DAY_MS;
/** How long a SIM session lasts (`POST /api/sims/authenticate`). */
export const SIM_SESSION_TTL_SECONDS = 60 * 60;
/** Days of data usage the card's chart shows. */
export const SIM_USAGE_DAYS = 30;
/** An SMS to the controller: the provider takes at most this many characters in one message. */
export const SIM_SMS_MAX_LENGTH = 160;

const SimTokenSchema = v.pipe(
  v.string(MSG.required),
  v.minLength(1, MSG.required),
  v.maxLength(4096, MSG.tooLong),
);

/** Every SIM call carries the SIM session token beside the user's own bearer token. */
export const SimSessionFieldSchema = v.object({ access_token: SimTokenSchema });

/** `POST /api/sims/authenticate`: the signed-in admin confirms his password. */
export const SimAuthRequestSchema = LoginRequestSchema;
export const SimSessionSchema = v.object({
  access_token: v.string(),
  /** ISO time at which the SIM session ends. */
  expiresAt: v.string(),
});
export type SimSession = v.InferOutput<typeof SimSessionSchema>;

export const SimTokenCheckSchema = v.object({ valid: v.literal(true), expiresAt: v.string() });

const pageNumber = (fallback: number, max: number) =>
  v.optional(
    v.pipe(
      v.number(MSG.invalidValue),
      v.integer(MSG.invalidValue),
      v.minValue(1, MSG.invalidValue),
      v.maxValue(max, MSG.invalidValue),
    ),
    fallback,
  );

/** `POST /api/sims`: a page of the portal's SIM rows, optionally searched or only low and empty cards. */
export const SimListRequestSchema = v.object({
  ...SimSessionFieldSchema.entries,
  page: pageNumber(1, 1_000_000),
  pageSize: pageNumber(PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, MSG.tooLong))),
  lowOnly: v.optional(v.boolean()),
});

export const SimLiftSchema = v.object({ id: IdSchema, uid: v.string(), address: v.string() });

export const SimTopupRecordSchema = v.object({
  requestedAt: v.string(),
  requestedBy: v.nullable(v.string()),
});

/** A SIM card as the portal keeps it: the provider's fields, the lift it is in, when it was synced. */
export const SimSchema = v.object({
  iccid: v.string(),
  iccidWithLuhn: v.nullable(v.string()),
  imsi: v.nullable(v.string()),
  msisdn: v.nullable(v.string()),
  imei: v.nullable(v.string()),
  imeiLock: v.boolean(),
  status: v.string(),
  activationDate: v.nullable(v.string()),
  ipAddress: v.nullable(v.string()),
  /** The provider's `current_quota` in MB and `quota_status.id`. */
  currentQuotaMb: v.nullable(v.number()),
  quotaStatus: v.nullable(v.number()),
  currentQuotaSms: v.nullable(v.number()),
  quotaStatusSms: v.nullable(v.number()),
  /** The current data quota: MB left of its total. */
  dataLeftMb: v.nullable(v.number()),
  dataTotalMb: v.nullable(v.number()),
  dataExpiryDate: v.nullable(v.string()),
  smsLeft: v.nullable(v.number()),
  smsTotal: v.nullable(v.number()),
  level: v.nullable(v.picklist(SIM_LEVELS)),
  label: v.nullable(v.string()),
  lift: v.nullable(SimLiftSchema),
  lastSyncedAt: v.nullable(v.string()),
  lastTopup: v.nullable(SimTopupRecordSchema),
});
export type Sim = v.InferOutput<typeof SimSchema>;

export const SimListResponseSchema = v.object({
  sims: v.array(SimSchema),
  count: v.number(),
  /** Whether TOPUP_RECIPIENTS is set, so the top-up button can say why it is off. */
  topupConfigured: v.boolean(),
  topupOffer: SimTopupOfferSchema,
});

/** The state of the refresh of every card from the provider (`POST`/`GET /api/sims/refresh`). */
export const SimRefreshStateSchema = v.object({
  running: v.boolean(),
  done: v.number(),
  total: v.number(),
  startedAt: v.nullable(v.string()),
  finishedAt: v.nullable(v.string()),
  /** The provider's message when the last refresh failed. */
  error: v.nullable(v.string()),
});
export type SimRefreshState = v.InferOutput<typeof SimRefreshStateSchema>;

/**
 * `POST /api/sims/{apiName}`: one named operation on one card. `payload` is the text of an SMS
 * (`sms`); `confirm` repeats a top-up request made within the last day (`requestTopup`).
 */
export const SimOperationRequestSchema = v.object({
  ...SimSessionFieldSchema.entries,
  iccid: IccidSchema,
  payload: v.optional(
    v.pipe(
      v.string(MSG.required),
      v.trim(),
      v.minLength(1, MSG.messageRequired),
      v.maxLength(SIM_SMS_MAX_LENGTH, MSG.tooLong),
    ),
  ),
  confirm: v.optional(v.boolean()),
});

/** The provider's answer with `iccid` added (docs/spec-texts.md: the response is returned with iccid added). */
export const SimOperationResponseSchema = v.looseObject({ iccid: v.string() });

/** `reset` and `sms`: what the portal did, as a server text. */
export const SimDoneSchema = v.object({ message: v.string() });

/** `requestTopup`: mailed to `recipients` addresses and recorded with the offer it named. */
export const SimTopupAnswerSchema = v.object({
  message: v.string(),
  requestedAt: v.string(),
  recipients: v.number(),
  offer: SimTopupOfferSchema,
});

// The provider's shapes (1NCE Management API v1, SIM Management), as far as the portal reads them.
// Loose objects: the provider may add fields, and every field it documents may be missing.

const optionalString = v.optional(v.nullable(v.string()));
const optionalNumber = v.optional(v.nullable(v.number()));

export const ProviderQuotaStatusSchema = v.looseObject({
  id: v.number(),
  description: optionalString,
  threshold_reached_date: optionalString,
  quota_exceeded_date: optionalString,
});

export const ProviderSimSchema = v.looseObject({
  iccid: v.string(),
  iccid_with_luhn: optionalString,
  imsi: optionalString,
  msisdn: optionalString,
  imei: optionalString,
  imei_lock: v.optional(v.nullable(v.boolean())),
  status: optionalString,
  activation_date: optionalString,
  ip_address: optionalString,
  current_quota: optionalNumber,
  quota_status: v.optional(v.nullable(ProviderQuotaStatusSchema)),
  current_quota_SMS: optionalNumber,
  quota_status_SMS: v.optional(v.nullable(ProviderQuotaStatusSchema)),
  label: optionalString,
});
export type ProviderSim = v.InferOutput<typeof ProviderSimSchema>;

/** `/quota/data` (MB) and `/quota/sms` (messages). */
export const ProviderQuotaSchema = v.looseObject({
  volume: v.number(),
  total_volume: v.number(),
  expiry_date: optionalString,
  threshold_percentage: optionalNumber,
});
export type ProviderQuota = v.InferOutput<typeof ProviderQuotaSchema>;

const usageRecord = v.looseObject({
  volume: v.optional(v.string()),
  volume_rx: v.optional(v.string()),
  volume_tx: v.optional(v.string()),
});

/** `/usage?start_dt=&end_dt=`: one record a day, volumes as decimal strings (MB, SMS). */
export const ProviderUsageSchema = v.looseObject({
  stats: v.array(
    v.looseObject({ date: v.string(), data: v.optional(usageRecord), sms: v.optional(usageRecord) }),
  ),
});
export type ProviderUsage = v.InferOutput<typeof ProviderUsageSchema>;

export const ProviderEventsSchema = v.looseObject({
  events: v.array(
    v.looseObject({
      timestamp: v.string(),
      event_type: v.string(),
      event_severity: optionalString,
      alert: v.optional(v.nullable(v.boolean())),
      country: optionalString,
      operator: optionalString,
    }),
  ),
  totalEvents: optionalNumber,
  totalPages: optionalNumber,
});

export const ProviderConnectivitySchema = v.looseObject({
  status: optionalString,
  services: v.optional(v.nullable(v.array(v.string()))),
});

export const ProviderConnectivityInfoSchema = v.looseObject({
  request_timestamp: optionalString,
  reply_timestamp: optionalString,
  subscriber_info: v.optional(v.nullable(v.looseObject({ success: v.optional(v.boolean()) }))),
});

/** `details`: the provider's card, the portal's row refreshed from it, and the top-up on offer. */
export const SimDetailsSchema = v.looseObject({
  ...ProviderSimSchema.entries,
  card: SimSchema,
  topupConfigured: v.boolean(),
  topupOffer: SimTopupOfferSchema,
});
