/** PostgreSQL's unique_violation, whichever driver or wrapper raised it (the SQLSTATE may sit in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** `db.execute` answers `{ rows }` on both drivers (node-postgres and PGlite). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
