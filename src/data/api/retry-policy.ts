/**
 * Longest `Retry-After` a request waits out by itself. A person is waiting for the answer: a 429
 * or 503 that asks for longer (the hourly mail limits ask for minutes) is shown at once, with the
 * server's message, instead of holding the button for as long as the server asks.
 */
export const MAX_AUTOMATIC_WAIT_SECONDS = 5;

/** Seconds a `Retry-After` header asks for (seconds or an HTTP date); undefined without one. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

/** False when the answer asks to come back later than a person should wait; undefined leaves it to ky. */
export function retryWhileWaiting(response: Response): false | undefined {
  const seconds = retryAfterSeconds(response.headers.get('retry-after'));
  return seconds !== undefined && seconds > MAX_AUTOMATIC_WAIT_SECONDS ? false : undefined;
}
