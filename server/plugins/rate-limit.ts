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
 * A hook for sign-in and reset routes beside their per-address-and-email limit: at most `max`
 * attempts a minute from one address whatever the emails, so one address cannot try a password on
 * many accounts (spraying). `name` keeps the count of each route apart.
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
