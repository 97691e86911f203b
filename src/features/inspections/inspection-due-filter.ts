import type { InspectionDueItem } from '../../../contract/schemas/inspection';

/**
 * The filters of the inspections list (`/apps/inspections`, docs/inspections.md#across-lifts), kept
 * in the address so that the dashboard's tiles link to a filtered list.
 */

/** `inspection`: main and intermediate together (the dashboard's tiles count them so). */
export const DUE_KIND_FILTERS = ['all', 'inspection', 'main', 'intermediate', 'defect'] as const;
export type DueKindFilter = (typeof DUE_KIND_FILTERS)[number];

export const DUE_STATUS_FILTERS = ['all', 'overdue', 'soon'] as const;
export type DueStatusFilter = (typeof DUE_STATUS_FILTERS)[number];

/** The windows offered; 30 is `GET /inspections/due`'s default. */
export const DUE_WINDOWS = [30, 90, 365] as const;
export type DueWindow = (typeof DUE_WINDOWS)[number];

export interface InspectionsFilter {
  kind: DueKindFilter;
  status: DueStatusFilter;
  days: DueWindow;
  /** Text searched in the lift's number and address. */
  q: string;
}

/** What the address may carry: only what differs from the defaults. */
export type InspectionsSearch = Partial<InspectionsFilter>;

export const DEFAULT_FILTER: InspectionsFilter = { kind: 'all', status: 'all', days: 30, q: '' };

const isOneOf = <T extends string | number>(list: readonly T[], value: unknown): value is T =>
  list.includes(value as T);

/** The route's `validateSearch`: unknown or default values are dropped, never an error. */
export function parseInspectionsSearch(search: Record<string, unknown>): InspectionsSearch {
  const out: InspectionsSearch = {};
  if (isOneOf(DUE_KIND_FILTERS, search.kind) && search.kind !== 'all') out.kind = search.kind;
  if (isOneOf(DUE_STATUS_FILTERS, search.status) && search.status !== 'all') out.status = search.status;
  const days = Number(search.days);
  if (isOneOf(DUE_WINDOWS, days) && days !== DEFAULT_FILTER.days) out.days = days;
  if (typeof search.q === 'string' && search.q.trim() !== '') out.q = search.q;
  return out;
}

/** The search for the address: the defaults left out, so a plain link opens the plain list. */
export function inspectionsSearchOf(filter: InspectionsFilter): InspectionsSearch {
  return parseInspectionsSearch({ ...filter });
}

const matchesKind = (kind: DueKindFilter, item: Pick<InspectionDueItem, 'kind'>) =>
  kind === 'all' || item.kind === kind || (kind === 'inspection' && item.kind !== 'defect');

/**
 * The rows the filters keep. The window is the list's own (the API's `days` or the mirror's
 * computation), not filtered here.
 */
export function filterInspectionDue<T extends InspectionDueItem>(
  items: readonly T[],
  filter: Pick<InspectionsFilter, 'kind' | 'status' | 'q'>,
): T[] {
  const words = filter.q.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    if (!matchesKind(filter.kind, item)) return false;
    if (filter.status !== 'all' && item.status !== filter.status) return false;
    const haystack = `${item.liftUid} ${item.liftAddress}`.toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export interface InspectionDueCounts {
  overdueDefects: number;
  overdueInspections: number;
  /** Main and intermediate inspections due within the list's window, not overdue yet. */
  soonInspections: number;
}

/** The dashboard's tiles, from a list of the default window (30 days). */
export function inspectionDueCounts(items: readonly InspectionDueItem[]): InspectionDueCounts {
  const counts: InspectionDueCounts = { overdueDefects: 0, overdueInspections: 0, soonInspections: 0 };
  for (const item of items) {
    if (item.kind === 'defect') {
      if (item.status === 'overdue') counts.overdueDefects++;
    } else if (item.status === 'overdue') counts.overdueInspections++;
    else counts.soonInspections++;
  }
  return counts;
}

/** Whole days from `today` to `day` (both `YYYY-MM-DD`): negative when it is past. */
export const daysUntil = (today: string, day: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
