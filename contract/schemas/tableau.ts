import * as v from 'valibot';
import { MSG } from '../messages';
import { TABLEAU_MSG } from '../tableau-messages';
import { IdSchema, requiredText } from './common';

/**
 * The tableau library (docs/tableau.md): folders (product lines), subfolders (catalogue articles
 * with a price and an article number), resources (part images) and templates (panel layouts).
 */

// ---------------------------------------------------------------------------------------------
// Prices: integer euro cents, never a float (docs/tableau.md#prices)

/** The largest price an article may have: 10 million euros, in cents. */
export const MAX_PRICE_CENTS = 1_000_000_000;
const DECIMAL_PRICE = /^(\d{1,8})(?:[.,](\d{1,2}))?$/;

/** Cents of a decimal euro text (`12.5`, `12,50`, `12`), or null when it is not one. */
export function centsOfDecimal(text: string): number | null {
  const match = DECIMAL_PRICE.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** `1250` → `"12.50"`: the decimal text of cents, computed on integers. */
export function decimalOfCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * `price` on the wire: an integer number of cents, or a decimal text of euros. A number with a
 * fraction (a float) is refused: 12.5 could be meant as euros or cents.
 */
export const PriceInputSchema = v.pipe(
  v.union(
    [
      v.pipe(
        v.number(),
        v.integer(TABLEAU_MSG.priceInvalid),
        v.minValue(0, TABLEAU_MSG.priceInvalid),
        v.maxValue(MAX_PRICE_CENTS, TABLEAU_MSG.priceInvalid),
      ),
      v.pipe(
        v.string(),
        v.check((text) => centsOfDecimal(text) !== null, TABLEAU_MSG.priceInvalid),
      ),
    ],
    TABLEAU_MSG.priceInvalid,
  ),
  v.transform((value) => (typeof value === 'number' ? value : (centsOfDecimal(value) ?? 0))),
);

// ---------------------------------------------------------------------------------------------
// Folders

export const FolderSchema = v.object({
  id: IdSchema,
  name: v.string(),
  notes: v.string(),
  /** The owner: whoever created it. */
  userId: v.nullable(IdSchema),
  /** Public folders are shared by every admin; private ones ("My folders") are their owner's alone. */
  isPublic: v.boolean(),
  /** How many articles it holds (a folder with articles is not deleted). */
  subfolderCount: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Folder = v.InferOutput<typeof FolderSchema>;
export const FolderListSchema = v.object({ folders: v.array(FolderSchema) });

/** `user` of the spec's first form: the owner's id, or a user object with one. */
const UserRefSchema = v.union([IdSchema, v.object({ id: IdSchema })], MSG.invalidValue);

/**
 * `POST /folders/register` and `PUT /folders/{id}`, in either form of the spec: `{name, notes, user}`
 * (a folder with a `user` is that user's private folder) or `{name, userId, isPublic}`.
 */
export const FolderInputSchema = v.object({
  name: requiredText(200, MSG.nameRequired),
  notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, MSG.tooLong))),
  user: v.optional(v.nullable(UserRefSchema)),
  userId: v.optional(v.nullable(IdSchema)),
  isPublic: v.optional(v.boolean()),
});
export type FolderInput = v.InferOutput<typeof FolderInputSchema>;

/** The owner a folder input names, from either form (undefined: none named). */
export function folderInputUserId(input: FolderInput): string | null | undefined {
  if (input.userId !== undefined) return input.userId;
  if (input.user === undefined || input.user === null) return input.user;
  return typeof input.user === 'string' ? input.user : input.user.id;
}

export const FolderListQuerySchema = v.object({
  /** `public`: the shared folders; `private`: the caller's own; absent: both. */
  scope: v.optional(v.picklist(['public', 'private'], MSG.invalidValue)),
});

// ---------------------------------------------------------------------------------------------
// Subfolders (articles)

export const SubfolderSchema = v.object({
  id: IdSchema,
  folderId: IdSchema,
  name: v.string(),
  /** Decimal euros, e.g. `"12.50"`. */
  price: v.string(),
  priceCents: v.number(),
  /** The article number, unique within its folder. */
  number: v.string(),
  userId: v.nullable(IdSchema),
  /** The folder's: an article is as public as the folder it is in. */
  isPublic: v.boolean(),
  resourceCount: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Subfolder = v.InferOutput<typeof SubfolderSchema>;
export const SubfolderListSchema = v.object({ subfolders: v.array(SubfolderSchema) });

const ArticleNumberSchema = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.minLength(1, MSG.required),
  v.maxLength(64, MSG.tooLong),
);

/**
 * `POST /subfolders/register` and `PUT /subfolders/{id}`: `{folderId, name, price, number, userId,
 * isPublic}`. `price` is integer cents or a decimal text (`priceCents` is taken too); `userId` and
 * `isPublic` are the folder's business and accepted only for the spec's sake.
 */
export const SubfolderInputSchema = v.object({
  folderId: IdSchema,
  name: requiredText(200, MSG.nameRequired),
  price: v.optional(PriceInputSchema),
  priceCents: v.optional(PriceInputSchema),
  number: ArticleNumberSchema,
  userId: v.optional(v.nullable(IdSchema)),
  isPublic: v.optional(v.boolean()),
});

export const SubfolderListQuerySchema = v.object({
  folderId: v.optional(IdSchema),
  /** Matches names and article numbers, case-insensitively. */
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, MSG.tooLong))),
});

// ---------------------------------------------------------------------------------------------
// Resources (part images)

/** Millimetres of a part or a layout element: finite, positive, at most 5 m. */
const Millimetres = v.pipe(
  v.number(MSG.invalidValue),
  v.finite(MSG.invalidValue),
  v.gtValue(0, MSG.invalidValue),
  v.maxValue(5000, MSG.invalidValue),
);

export const ResourceSchema = v.object({
  id: IdSchema,
  subfolderId: IdSchema,
  name: v.string(),
  /** The image, `/api/storage/tableau-resources/<random name>`. */
  url: v.string(),
  thumbnailUrl: v.string(),
  contentType: v.string(),
  /** Pixels. */
  width: v.number(),
  height: v.number(),
  /** The part's real size, which the editor draws it at. */
  widthMm: v.number(),
  heightMm: v.number(),
  createdAt: v.string(),
});
export type Resource = v.InferOutput<typeof ResourceSchema>;
export const ResourceListSchema = v.object({ resources: v.array(ResourceSchema) });
export const ResourcesBySubfolderQuerySchema = v.object({ subfolderId: IdSchema });

/** Without a size in millimetres an uploaded image is taken at 10 pixels per millimetre. */
export const DEFAULT_PIXELS_PER_MM = 10;

/** The text fields beside `file` of `POST /resources/register` (multipart), as text. */
export const ResourceFormSchema = v.object({
  subfolderId: IdSchema,
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, MSG.tooLong))),
  widthMm: v.optional(v.pipe(v.string(), v.transform(Number), Millimetres)),
  heightMm: v.optional(v.pipe(v.string(), v.transform(Number), Millimetres)),
});

/** `PUT /resources/{id}`: name, real size, or another article. */
export const ResourceUpdateSchema = v.object({
  name: v.optional(requiredText(200, MSG.nameRequired)),
  subfolderId: v.optional(IdSchema),
  widthMm: v.optional(Millimetres),
  heightMm: v.optional(Millimetres),
});

// ---------------------------------------------------------------------------------------------
// Templates and their layout

export const TEMPLATE_TYPES = ['COP', 'LOP'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TemplateTypeSchema = v.picklist(TEMPLATE_TYPES, MSG.invalidValue);

/** Positions in millimetres from the panel's top left corner; a little outside is allowed while editing. */
const Position = v.pipe(
  v.number(MSG.invalidValue),
  v.finite(MSG.invalidValue),
  v.minValue(-5000, MSG.invalidValue),
  v.maxValue(5000, MSG.invalidValue),
);
const Colour = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, MSG.invalidValue));
export const MAX_LAYOUT_ELEMENTS = 1000;

const elementBase = {
  id: v.pipe(v.string(), v.minLength(1, MSG.required), v.maxLength(64, MSG.tooLong)),
  x: Position,
  y: Position,
  width: Millimetres,
  height: Millimetres,
  /** Degrees clockwise around the element's top left corner (Konva's rule). */
  rotation: v.pipe(v.number(MSG.invalidValue), v.finite(MSG.invalidValue), v.minValue(-360), v.maxValue(360)),
  /** The article the part is billed as (bill of materials); null for what is not sold on its own. */
  subfolderId: v.nullable(IdSchema),
};

export const ResourceElementSchema = v.object({
  ...elementBase,
  kind: v.literal('resource'),
  resourceId: IdSchema,
});
export const TextElementSchema = v.object({
  ...elementBase,
  kind: v.literal('text'),
  text: v.pipe(v.string(), v.maxLength(200, MSG.tooLong)),
  /** Letter height in millimetres. */
  fontSizeMm: v.pipe(
    v.number(MSG.invalidValue),
    v.finite(),
    v.minValue(1, MSG.invalidValue),
    v.maxValue(200),
  ),
  fill: Colour,
});
export const ShapeElementSchema = v.object({
  ...elementBase,
  kind: v.literal('shape'),
  shape: v.picklist(['rect', 'ellipse'], MSG.invalidValue),
  fill: Colour,
  stroke: Colour,
});
export const LayoutElementSchema = v.variant(
  'kind',
  [ResourceElementSchema, TextElementSchema, ShapeElementSchema],
  MSG.invalidValue,
);
export type LayoutElement = v.InferOutput<typeof LayoutElementSchema>;

/**
 * A template's `data`: the panel (width and height in millimetres, its colour) and its elements,
 * drawn in order (the last on top). Validated on every write (docs/tableau.md#layout).
 */
export const TemplateLayoutSchema = v.pipe(
  v.object({
    version: v.literal(1),
    widthMm: Millimetres,
    heightMm: Millimetres,
    background: Colour,
    elements: v.pipe(v.array(LayoutElementSchema), v.maxLength(MAX_LAYOUT_ELEMENTS, MSG.tooLong)),
  }),
  v.check(
    (layout) => new Set(layout.elements.map((element) => element.id)).size === layout.elements.length,
    TABLEAU_MSG.layoutDuplicateElement,
  ),
);
export type TemplateLayout = v.InferOutput<typeof TemplateLayoutSchema>;

/** An empty panel of the type's usual size (a COP is tall, a LOP small). */
export function emptyLayout(type: TemplateType): TemplateLayout {
  return type === 'COP'
    ? { version: 1, widthMm: 300, heightMm: 1200, background: '#c8ccd0', elements: [] }
    : { version: 1, widthMm: 120, heightMm: 300, background: '#c8ccd0', elements: [] };
}

export const TemplateSchema = v.object({
  id: IdSchema,
  name: v.string(),
  description: v.string(),
  type: TemplateTypeSchema,
  data: TemplateLayoutSchema,
  /** The PNG the editor saved, or null before the first one. */
  previewUrl: v.nullable(v.string()),
  userId: v.nullable(IdSchema),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Template = v.InferOutput<typeof TemplateSchema>;
export const TemplateListSchema = v.object({ templates: v.array(TemplateSchema) });
export const TemplatesByTypeQuerySchema = v.object({ type: TemplateTypeSchema });

/** `POST /templates/register` and `PUT /templates/{id}`: `{name, description, type, data}`. */
export const TemplateInputSchema = v.object({
  name: requiredText(200, MSG.nameRequired),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, MSG.tooLong)), ''),
  type: TemplateTypeSchema,
  data: v.optional(TemplateLayoutSchema),
});

// ---------------------------------------------------------------------------------------------
// Bill of materials

export const BomLineSchema = v.object({
  subfolderId: IdSchema,
  number: v.string(),
  name: v.string(),
  quantity: v.number(),
  unitPrice: v.string(),
  unitPriceCents: v.number(),
  total: v.string(),
  totalCents: v.number(),
});
export type BomLine = v.InferOutput<typeof BomLineSchema>;
export const BomSchema = v.object({
  templateId: IdSchema,
  name: v.string(),
  type: TemplateTypeSchema,
  lines: v.array(BomLineSchema),
  /** Elements billed as an article that no longer exists. */
  missing: v.number(),
  /**
   * Elements billed as an article in another admin's private folder: counted, never named or
   * priced, and left out of the sum (docs/tableau.md#bill-of-materials).
   */
  private: v.number(),
  total: v.string(),
  totalCents: v.number(),
});
export type Bom = v.InferOutput<typeof BomSchema>;
export const BomQuerySchema = v.object({
  format: v.optional(v.picklist(['json', 'csv', 'pdf'], MSG.invalidValue), 'json'),
  /** The language of the sheet: headings, and for CSV its separator and decimal mark (contract/spreadsheet.ts). */
  lang: v.optional(v.picklist(['de', 'en'], MSG.invalidValue), 'de'),
});
