/**
 * An HTTP `Retry-After` (RFC 9110 §10.2.3: delay seconds or an HTTP date) in milliseconds from
 * `now`; null when absent or unreadable. Gateways and push services send it with 429 and 503.
 */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date ends in GMT (IMF-fixdate and the obsolete forms); anything else is not one.
  if (!/GMT$/.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
