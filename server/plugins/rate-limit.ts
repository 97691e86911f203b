import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, type ServerMessage } from '../../contract/messages';
import { definePlugin } from '../lib/define-plugin';
import { HttpError } from '../lib/http-error';

/** Off by default; routes opt in through `config.rateLimit` (see `signInRateLimit`). */
export const rateLimitPlugin = definePlugin('rate-limit', async (app) => {
  await app.register(rateLimit, { global: false });
});

/**
 * A hook for the reset route beside its per-address-and-email limit: at most `max` requests a
 * minute from one address whatever the emails, so one address cannot ask for resets of many
 * accounts. Every request counts (sign-in counts only failures: `failedAttemptLimit`). `name`
 * keeps the count of each route apart.
 */
export function addressRateLimit(app: FastifyInstance, name: string, max: number, message: ServerMessage) {
  // Its own counter (createRateLimit), since the plugin runs only one of its hooks per request.
  const count = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `${name}|${request.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const counted = await count(request);
    if (!counted.isAllowed && counted.isExceeded) {
      reply.header('retry-after', counted.ttlInSeconds);
      throw new HttpError(429, message);
    }
  };
}

/** Keys kept at most; past it, expired windows are dropped first, then the oldest. */
const MAX_KEYS = 10_000;

/**
 * At most `max` failed attempts a minute from one address, whatever the emails (spraying), for
 * sign-in: an office or a mobile carrier signs many people in from one address at shift start,
 * so good attempts must not use the allowance up. `check` (a preValidation hook) answers 429 once
 * `max` failures are counted, and otherwise counts the attempt at once, so many attempts at the
 * same moment cannot all slip past before the first fails; the handler calls `succeeded` when
 * the attempt got in, which takes it back. Per process and in memory, like the other limits here.
 */
export function failedAttemptLimit(name: string, max: number, message: ServerMessage) {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const counted = new WeakMap<FastifyRequest, { count: number; endsAt: number }>();

  const windowOf = (key: string, now: number) => {
    const current = windows.get(key);
    if (current && current.endsAt > now) return current;
    if (current) windows.delete(key);
    if (windows.size >= MAX_KEYS) {
      for (const [other, window] of windows) if (window.endsAt <= now) windows.delete(other);
      const oldest = windows.keys().next();
      if (windows.size >= MAX_KEYS && !oldest.done) windows.delete(oldest.value);
    }
    const fresh = { count: 0, endsAt: now + 60_000 };
    windows.set(key, fresh);
    return fresh;
  };

  return {
    check: async (request: FastifyRequest, reply: FastifyReply) => {
      const now = Date.now();
      const window = windowOf(`${name}|${request.ip}`, now);
      if (window.count >= max) {
        reply.header('retry-after', Math.ceil((window.endsAt - now) / 1000));
        throw new HttpError(429, message);
      }
      window.count += 1;
      counted.set(request, window);
    },
    succeeded: (request: FastifyRequest) => {
      const window = counted.get(request);
      // A window that ended meanwhile has nothing of this attempt left to give back.
      if (window && window.endsAt > Date.now()) window.count = Math.max(0, window.count - 1);
      counted.delete(request);
    },
  };
}

/** The email a sign-in attempt is for, read from the raw body (it is not validated yet). */
function attemptedEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

/**
 * Route config for sign-in routes: at most `max` attempts a minute per client IP and email.
 * It runs before validation so that malformed attempts count too.
 */
export function signInRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      hook: 'preValidation' as const,
      keyGenerator: (request: FastifyRequest) => `${request.ip}|${attemptedEmail(request)}`,
      errorResponseBuilder: () => new HttpError(429, MSG.tooManyLogins),
    },
  };
}

/**
 * Route config: at most `max` requests a minute per key (default: client IP and the body's email),
 * counted before validation. `hook` preHandler lets a signed-in user's key use his id.
 */
export function requestRateLimit(
  max: number,
  keyOf: (request: FastifyRequest) => string = (request) => `${request.ip}|${attemptedEmail(request)}`,
  hook: 'preValidation' | 'preHandler' = 'preValidation',
) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      hook,
      keyGenerator: keyOf,
      errorResponseBuilder: () => new HttpError(429, MSG.tooManyRequests),
    },
  };
}
