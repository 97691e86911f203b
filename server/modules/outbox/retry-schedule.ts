import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../../../contract/time';

/** The outbox's part of the settings document (docs/settings.md, docs/outbox.md#retries). */
export interface RetrySettings {
  firstRetrySeconds: number;
  maxRetryMinutes: number;
  giveUpHours: number;
}

/**
 * When a message that failed its `attempts`-th try goes again: exponential backoff from
 * `firstRetrySeconds`, doubled per attempt up to `maxRetryMinutes`, with "equal jitter" (half the
 * delay fixed, half random) so that messages failing together do not all come back together.
 * `random` is in [0, 1). A `Retry-After` from the receiving side wins when it is later.
 */
export function retryDelayMs(
  attempts: number,
  settings: RetrySettings,
  random: number,
  retryAfterMs: number | null = null,
): number {
  const capMs = settings.maxRetryMinutes * MINUTE_MS;
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const delay = Math.min(capMs, settings.firstRetrySeconds * SECOND_MS * 2 ** exponent);
  const jittered = Math.round(delay / 2 + (delay / 2) * random);
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** Whether a message created at `createdAt` is past its retries at `now` (it then fails). */
export const pastGivingUp = (createdAt: Date, now: Date, settings: RetrySettings) =>
  now.getTime() - createdAt.getTime() >= settings.giveUpHours * HOUR_MS;
