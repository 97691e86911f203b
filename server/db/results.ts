/**
 * PostgreSQL's unique_violation, whichever driver or wrapper raised it (the SQLSTATE may sit in
 * `cause`). With `constraint`, only a violation of that index: a link naming another constraint
 * does not count, one naming none (or only in its message) does.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  for (
    let e: unknown = error;
    e && typeof e === 'object' && !seen.has(e);
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e);
    const link = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (constraint === undefined) {
      if (link.code === '23505') return true;
      continue;
    }
    if (link.code === '23505' && (link.constraint === undefined || link.constraint === constraint))
      return true;
    if (typeof link.message === 'string' && link.message.includes(constraint)) return true;
  }
  return false;
}

/** `db.execute` answers `{ rows }` on both drivers (node-postgres and PGlite); a bare array is taken as the rows. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Rows a statement touched: node-postgres answers `rowCount`, PGlite `affectedRows`. */
export function countOf(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}
