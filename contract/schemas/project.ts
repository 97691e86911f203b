import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { MSG } from '../messages';
import { PROJECT_STATES } from '../project-transitions';
import { IdSchema, requiredText } from './common';

/**
 * A project as the spec has it, `{ id, userId, project }` (docs/projects.md). The server computes
 * `totalCents` and writes `history`; whatever a client sends for them is ignored.
 */
export const CABLE_STATUSES = ['installed', 'pending', 'notInstalled'] as const;
export type CableStatus = (typeof CABLE_STATUSES)[number];

const count = (max: number) =>
  v.pipe(
    v.number(MSG.invalidValue),
    v.integer(MSG.invalidValue),
    v.minValue(0, MSG.invalidValue),
    v.maxValue(max, MSG.invalidValue),
  );

/** An existing lift by id, or a new one described by its stops and load (and a base-data drive type). */
export const ProjectLiftSchema = v.object({
  liftId: v.optional(IdSchema),
  label: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, MSG.tooLong))),
  stops: v.optional(count(64)),
  loadKg: v.optional(count(100_000)),
  /** A key of base data category `driveType`. */
  driveType: v.optional(v.pipe(v.string(), v.maxLength(64, MSG.tooLong))),
});

/**
 * The bounds of the line items. Totals are sums of numbers, exact only up to 2^53 (about 9·10^15)
 * cents: at most 500 items × 10,000 × 10 million euros = 5·10^15 cents, so every sum is exact. The
 * price bound is the library's largest article price (MAX_PRICE_CENTS in ./tableau.ts), so every
 * article fits an item.
 */
export const MAX_PROJECT_ITEMS = 500;
export const MAX_ITEM_QUANTITY = 10_000;
export const MAX_ITEM_PRICE_CENTS = 1_000_000_000;

export const ProjectItemSchema = v.object({
  articleId: v.optional(v.pipe(v.string(), v.maxLength(100, MSG.tooLong))),
  text: requiredText(500, MSG.required),
  quantity: v.pipe(
    v.number(MSG.invalidValue),
    v.integer(MSG.invalidValue),
    v.minValue(1, MSG.invalidValue),
    v.maxValue(MAX_ITEM_QUANTITY, MSG.itemQuantityTooLarge),
  ),
  unitPriceCents: v.pipe(
    v.number(MSG.invalidValue),
    v.integer(MSG.invalidValue),
    v.minValue(0, MSG.invalidValue),
    v.maxValue(MAX_ITEM_PRICE_CENTS, MSG.itemPriceTooLarge),
  ),
});
export type ProjectItem = v.InferOutput<typeof ProjectItemSchema>;

export const ProjectCableSchema = v.object({
  /** The lift's id, or its index in `lifts` for a new lift (`new-0`). */
  liftId: v.pipe(v.string(), v.minLength(1, MSG.required), v.maxLength(64, MSG.tooLong)),
  status: v.picklist(CABLE_STATUSES, MSG.invalidValue),
});

/**
 * One field an edit changed: texts and the total with their old and new value (long texts cut),
 * the lists (lifts, items, templateIds, cables) by name only.
 */
export const ProjectFieldChangeSchema = v.object({
  field: v.string(),
  from: v.optional(v.string()),
  to: v.optional(v.string()),
});
export type ProjectFieldChange = v.InferOutput<typeof ProjectFieldChangeSchema>;

export const ProjectHistoryEntrySchema = v.object({
  at: v.string(),
  userId: v.nullable(v.string()),
  userName: v.nullable(v.string()),
  /** What happened: created, edited, a state change, or the offer mailed. */
  action: v.picklist(['created', 'edited', 'state', 'offerMailed', 'orderMailed']),
  from: v.optional(v.string()),
  to: v.optional(v.string()),
  /** For `edited`: what changed (entries written before it existed have none). */
  changes: v.optional(v.array(ProjectFieldChangeSchema)),
});
export type ProjectHistoryEntry = v.InferOutput<typeof ProjectHistoryEntrySchema>;

const editable = {
  name: requiredText(200, MSG.nameRequired),
  siteAddress: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, MSG.tooLong)), ''),
  lifts: v.optional(v.pipe(v.array(ProjectLiftSchema), v.maxLength(100, MSG.tooLong)), []),
  items: v.optional(v.pipe(v.array(ProjectItemSchema), v.maxLength(MAX_PROJECT_ITEMS, MSG.tooLong)), []),
  templateIds: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50, MSG.tooLong)),
    [],
  ),
  cables: v.optional(v.pipe(v.array(ProjectCableSchema), v.maxLength(100, MSG.tooLong)), []),
  notes: v.optional(v.pipe(v.string(), v.maxLength(10_000, MSG.tooLong)), ''),
};

/** The document stored in `projects.project`. */
export const ProjectDocumentSchema = v.object({
  ...editable,
  state: v.picklist(PROJECT_STATES),
  totalCents: v.number(),
  history: v.array(ProjectHistoryEntrySchema),
});
export type ProjectDocument = v.InferOutput<typeof ProjectDocumentSchema>;

/**
 * The terms an offer is made on (docs/projects.md#sums-and-vat): the VAT rate, the payment terms
 * and how many days it may be ordered. Taken from the settings' `company` section, and frozen on
 * the project when the offer is sent.
 */
export const OfferTermsSchema = v.object({
  vatPercent: v.number(),
  paymentTerms: v.string(),
  validityDays: v.number(),
});
export type OfferTerms = v.InferOutput<typeof OfferTermsSchema>;

/** The offer as sent: its number (`ANG-2026-00017`), when, until when it may be ordered, on which terms. */
export const ProjectOfferSchema = v.object({
  number: v.string(),
  at: v.string(),
  /** The last day (`YYYY-MM-DD`, Europe/Berlin) it may be ordered; null for offers sent before numbers existed. */
  validUntil: v.nullable(v.string()),
  terms: OfferTermsSchema,
});

/** The order: its number (`A-2026-00042`), when and by whom. */
export const ProjectOrderSchema = v.object({
  number: v.string(),
  at: v.string(),
  byId: v.nullable(v.string()),
  byName: v.nullable(v.string()),
});

export const ProjectSchema = v.object({
  id: v.string(),
  userId: v.string(),
  /** The customer's name, for lists. */
  userName: v.nullable(v.string()),
  /** The customer's address: where the offer goes. */
  userEmail: v.nullable(v.string()),
  project: ProjectDocumentSchema,
  /** The offer once sent, else null. */
  offer: v.nullable(ProjectOfferSchema),
  /** The order once placed, else null. */
  order: v.nullable(ProjectOrderSchema),
  /** The terms an offer sent now would carry (the settings in force), for the send dialog. */
  currentTerms: v.optional(OfferTermsSchema),
  /** The attached panel designs (`templateIds`) that exist in the design library, with their previews. */
  designs: v.optional(
    v.array(
      v.object({ id: v.string(), name: v.string(), type: v.string(), previewUrl: v.nullable(v.string()) }),
    ),
  ),
  version: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Project = v.InferOutput<typeof ProjectSchema>;
export type ProjectDesign = NonNullable<Project['designs']>[number];

export const ProjectRegisterSchema = v.object({
  project: v.object({ ...editable, state: v.optional(v.picklist(PROJECT_STATES, MSG.invalidValue)) }),
  /** The customer; a customer may leave it out (himself). */
  userId: v.optional(IdSchema),
});

/** `PUT /projects/{id} {project}`: the keys given change; `state` alone is a state change. */
export const ProjectUpdateSchema = v.object({
  project: v.object({
    name: v.optional(editable.name),
    siteAddress: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, MSG.tooLong))),
    lifts: v.optional(v.pipe(v.array(ProjectLiftSchema), v.maxLength(100, MSG.tooLong))),
    items: v.optional(v.pipe(v.array(ProjectItemSchema), v.maxLength(MAX_PROJECT_ITEMS, MSG.tooLong))),
    templateIds: v.optional(
      v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50, MSG.tooLong)),
    ),
    cables: v.optional(v.pipe(v.array(ProjectCableSchema), v.maxLength(100, MSG.tooLong))),
    notes: v.optional(v.pipe(v.string(), v.maxLength(10_000, MSG.tooLong))),
    state: v.optional(v.picklist(PROJECT_STATES, MSG.invalidValue)),
  }),
  baseVersion: v.optional(v.pipe(v.number(), v.integer())),
  /** Ordering (`state: 'ordered'`) needs the customer to accept the offer's terms. */
  acceptTerms: v.optional(v.boolean()),
});
export type ProjectUpdate = v.InferOutput<typeof ProjectUpdateSchema>['project'];

export const ProjectListResponseSchema = v.object({ projects: v.array(ProjectSchema) });

/** `GET /projects/{id}/offer.pdf?lang=`: the PDF's language; the customer's own when left out. */
export const OfferPdfQuerySchema = v.object({
  lang: v.optional(v.picklist(LANGUAGES, MSG.invalidValue)),
});

/** How `cables[].liftId` names a project's lift: its id, or `new-<index>` for a new one. */
export function projectLiftKey(lift: { liftId?: string | undefined }, index: number): string {
  return lift.liftId ?? `new-${index}`;
}

/** The sum of the line items, in cents. */
export function projectTotalCents(items: readonly ProjectItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0);
}
