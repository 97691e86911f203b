import * as v from 'valibot';

/**
 * The portal's settings document: what admins and devs tune without a deploy (`/apps/json`,
 * `GET /json/read`, `POST /json/write`). Every key has a default, so an empty document `{}` is a
 * whole one and a document written before a key existed stays valid. The server reads it at start
 * and whenever it changes (server/modules/settings/settings.plugin.ts); docs/settings.md explains each key.
 */

const wholeNumber = (min: number, max: number, fallback: number) =>
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max)), fallback);

const text = (max: number, fallback: string) => v.optional(v.pipe(v.string(), v.maxLength(max)), fallback);

export const SettingsSchema = v.object({
  sims: v.optional(
    v.object({
      /** A SIM counts as running low below this share of its data quota, in percent. */
      lowVolumePercent: wholeNumber(1, 99, 20),
      /** The top-up offered to admins: data in MB and its price in euro cents ("500MB for 35 euro"). */
      topUpDataMb: wholeNumber(1, 1_000_000, 500),
      topUpPriceCents: wholeNumber(0, 100_000_000, 3500),
    }),
    {},
  ),
  alarms: v.optional(
    v.object({
      /** A controller silent this long opens an "offline" alarm. */
      controllerOfflineMinutes: wholeNumber(1, 7 * 24 * 60, 10),
      /** An alarm nobody acknowledged this long goes to the customer admins and admins as well. */
      escalationMinutes: wholeNumber(1, 7 * 24 * 60, 15),
    }),
    {},
  ),
  outbox: v.optional(
    v.object({
      /** A message that failed goes again after about this long, then after twice as long, and so on. */
      firstRetrySeconds: wholeNumber(1, 30, 20),
      /** The longest wait between two tries. */
      maxRetryMinutes: wholeNumber(1, 24 * 60, 15),
      /** A message still not sent this long after it was written fails for good. */
      giveUpHours: wholeNumber(1, 7 * 24, 24),
    }),
    {},
  ),
  maintenance: v.optional(
    v.object({
      /** A lift is due after this many trips, operating hours or months, whichever comes first. */
      everyTrips: wholeNumber(1, 100_000_000, 50_000),
      everyHours: wholeNumber(1, 1_000_000, 1_000),
      everyMonths: wholeNumber(1, 120, 6),
      /** The service man is told this many days before a lift falls due. */
      noticeDays: wholeNumber(0, 365, 7),
    }),
    {},
  ),
  company: v.optional(
    v.object({
      /** The lift company as its offers and order confirmations name it (the letterhead). */
      name: text(200, 'Muster Aufzüge GmbH'),
      /** The letterhead's address and contact lines, one per line. */
      addressLines: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(8)), [
        'Musterstraße 1',
        '10115 Berlin',
        'Tel. +49 30 1234567 · info@muster-aufzuege.de',
      ]),
      /** VAT on offers, in whole percent of the net sum (docs/projects.md#sums-and-vat). */
      vatPercent: wholeNumber(0, 100, 19),
      /** The payment terms printed on offers and shown before ordering. */
      paymentTerms: text(
        1000,
        'Zahlbar innerhalb von 14 Tagen nach Rechnungsstellung ohne Abzug. Es gelten unsere Allgemeinen Geschäftsbedingungen.',
      ),
      /** An offer may be ordered this many days after it was sent. */
      offerValidityDays: wholeNumber(1, 365, 30),
    }),
    {},
  ),
  telemetry: v.optional(
    v.object({
      /**
       * Raw stats readings (counters) are kept this many whole months before the current one, then
       * removed; errors, infos, notes and the analytics roll-ups stay. At least 4, so that no
       * mirror (90 days) still holds a removed reading.
       */
      rawRetentionMonths: wholeNumber(4, 1200, 13),
    }),
    {},
  ),
});

export type Settings = v.InferOutput<typeof SettingsSchema>;

/** The document with every key at its default. */
export const DEFAULT_SETTINGS: Settings = v.parse(SettingsSchema, {});

/**
 * The part of the settings every signed-in user's PWA needs (docs/settings.md): sent with each
 * sync pull and kept in the mirror, so the due list and the low-SIM flags work offline.
 */
export const ClientSettingsSchema = v.object({
  sims: v.object({ lowVolumePercent: v.number() }),
  maintenance: v.object({
    everyTrips: v.number(),
    everyHours: v.number(),
    everyMonths: v.number(),
    noticeDays: v.number(),
  }),
});
export type ClientSettings = v.InferOutput<typeof ClientSettingsSchema>;

export const clientSettings = (settings: Settings): ClientSettings => ({
  sims: { lowVolumePercent: settings.sims.lowVolumePercent },
  maintenance: { ...settings.maintenance },
});

/** The terms an offer sent now is made on (contract/schemas/project.ts `OfferTerms`), from `company`. */
export const companyTerms = (settings: Settings) => ({
  vatPercent: settings.company.vatPercent,
  paymentTerms: settings.company.paymentTerms,
  validityDays: settings.company.offerValidityDays,
});
