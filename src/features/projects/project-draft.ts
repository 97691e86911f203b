import {
  type CableStatus,
  type Project,
  type ProjectItem,
  type ProjectUpdate,
  projectTotalCents,
} from '../../../contract/schemas/project';
import { parseLocaleNumber } from '../../ui/locale-number';

/** A line item as typed: numbers stay text until they are sent. */
export interface ItemDraft {
  articleId: string;
  text: string;
  quantity: string;
  price: string;
}

/** What the project page edits: staff the items, designs, cables and notes; a customer the notes. */
export interface ProjectDraft {
  items: ItemDraft[];
  templateIds: string[];
  /** Cable status by lift key (`projectLiftKey`). */
  cables: Record<string, CableStatus>;
  notes: string;
}

/** Cents as the user writes euros: a decimal comma in German. */
export const priceText = (cents: number, locale: string) =>
  (cents / 100).toFixed(2).replace('.', locale === 'de' ? ',' : '.');

/** Euro as typed in the user's language (`1.250,50` or `12.50` in German) to cents; NaN when it is not a number. */
export const centsOf = (text: string, locale: string) => Math.round(parseLocaleNumber(text, locale) * 100);

export const emptyItem: ItemDraft = { articleId: '', text: '', quantity: '1', price: '0.00' };

export const projectDraft = (project: Project, locale: string): ProjectDraft => ({
  items: project.project.items.map((item) => ({
    articleId: item.articleId ?? '',
    text: item.text,
    quantity: String(item.quantity),
    price: priceText(item.unitPriceCents, locale),
  })),
  templateIds: project.project.templateIds,
  cables: Object.fromEntries(project.project.cables.map((cable) => [cable.liftId, cable.status])),
  notes: project.project.notes,
});

export const parsedItems = (items: readonly ItemDraft[], locale: string): ProjectItem[] =>
  items.map((item) => ({
    ...(item.articleId.trim() ? { articleId: item.articleId.trim() } : {}),
    text: item.text,
    quantity: Number(item.quantity),
    unitPriceCents: centsOf(item.price, locale),
  }));

/** The sum of the typed items; null while one of them is not a number. */
export function draftTotalCents(items: readonly ItemDraft[], locale: string): number | null {
  const parsed = parsedItems(items, locale);
  return parsed.every((item) => Number.isFinite(item.quantity) && Number.isFinite(item.unitPriceCents))
    ? projectTotalCents(parsed)
    : null;
}

/** What a save sends: staff the whole draft, a customer his notes. */
export const draftUpdate = (draft: ProjectDraft, staff: boolean, locale: string): ProjectUpdate =>
  staff
    ? {
        items: parsedItems(draft.items, locale),
        templateIds: draft.templateIds,
        cables: Object.entries(draft.cables).map(([liftId, status]) => ({ liftId, status })),
        notes: draft.notes,
      }
    : { notes: draft.notes };
