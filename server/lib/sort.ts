import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import { MSG } from '../../contract/messages';
import { HttpError } from './http-error';

/**
 * A list's `sort` query: `field` or `-field` (descending) over a fixed set of columns; anything
 * else is a 400 on `sort`. The tie-breaker keeps pages stable. No `sort`: undefined, so the
 * repository's default order applies.
 */
export function orderBySort(
  sort: string | undefined,
  columns: Readonly<Record<string, AnyColumn>>,
  tieBreaker: AnyColumn,
): SQL[] | undefined {
  if (!sort) return undefined;
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
  if (!column) throw new HttpError(400, MSG.invalidRequest, { sort: MSG.invalidValue });
  return [(descending ? desc : asc)(column), asc(tieBreaker)];
}
