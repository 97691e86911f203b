import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { MSG } from '../../contract/messages';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../contract/schemas/sync';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { createAtRestCipher } from '../lib/at-rest-cipher';
import { definePlugin } from '../lib/define-plugin';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request owns a pending idempotency row; its answer is stored on send. */
    idempotency: { userId: string; key: string; recorded: boolean } | null;
  }
}

const VALID_KEY = /^[\x21-\x7e]{1,200}$/;
const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
/** How long a repeat waits for the first request's answer before it is told to come back. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;
/** A pending row this old belongs to a request that died with its process: a repeat takes it over. */
const ABANDONED_AFTER_MS = 120_000;
/** Keys are remembered for a day (an outbox retries for hours at most, not days). */
const KEEP_MS = 24 * 3_600_000;
const PURGE_EVERY_MS = 3_600_000;

/**
 * What a key stands for: the method, the path and a digest of the body, so that a key sent again
 * with other content is refused (422) instead of answered with the first, unrelated answer.
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  const content = body === undefined ? '' : Buffer.isBuffer(body) ? body : JSON.stringify(body);
  const digest = createHash('sha256').update(content).digest('base64url');
  return `${method} ${path.slice(0, 1900)} ${digest}`;
}

export interface IdempotencyOptions {
  /** Stored answers are encrypted with a key derived from it (they may carry a device key). */
  secret: string;
  /** Override for tests. */
  waitForFirstMs?: number;
}

/**
 * docs/api.md: every write sent with an `Idempotency-Key` by a signed-in user is done once; the same
 * key from the same user on the same request gets the first answer again (with
 * `Idempotent-Replayed: true`) and changes nothing. The hook runs at preHandler, after each route's
 * own authentication, so routes without sign-in are left alone. 5xx answers are forgotten, so a
 * retry runs again; 2xx and 4xx answers are kept for a day.
 */
export const idempotencyPlugin = definePlugin<IdempotencyOptions>('idempotency', async (app, options) => {
  const db = app.db;
  const waitForFirstMs = options.waitForFirstMs ?? WAIT_FOR_FIRST_MS;
  // Every kept answer is encrypted, so none sits readable in the database, whichever route it
  // came from (the lift registration's answer holds the controller's key): docs/api.md#idempotency-key.
  const cipher = createAtRestCipher(options.secret, 'idempotency-answers');
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    // The API table says which writes take a key (contract/api/, `idempotent`).
    if (request.routeOptions.config.idempotent !== true || !request.currentUser) return;
    const header = request.headers[HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !VALID_KEY.test(header)) {
      throw new HttpError(400, MSG.invalidIdempotencyKey);
    }
    const userId = request.currentUser.id;
    const key = header;
    const requestLine = requestFingerprint(request.method, request.url.split('?')[0] ?? '', request.body);

    if (await claim(db, userId, key, requestLine)) {
      request.idempotency = { userId, key, recorded: false };
      return;
    }
    const deadline = Date.now() + waitForFirstMs;
    for (;;) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!row) {
        // The first attempt failed (5xx) and let go of the key between our two reads: run now.
        if (await claim(db, userId, key, requestLine)) {
          request.idempotency = { userId, key, recorded: false };
          return;
        }
        continue;
      }
      if (row.request !== requestLine) throw new HttpError(422, MSG.idempotencyKeyReused);
      if (row.statusCode !== null) {
        const body = row.body && cipher.isEncrypted(row.body) ? cipher.decrypt(row.body) : row.body;
        // A row sealed with another secret (AUTH_SECRET rotated) cannot be replayed: run again.
        if (body === null && row.body) {
          await db
            .delete(idempotencyKeys)
            .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
          continue;
        }
        return replay(reply, row.statusCode, row.contentType, body);
      }
      if (Date.now() - row.createdAt.getTime() > ABANDONED_AFTER_MS && (await takeOver(db, userId, key))) {
        request.idempotency = { userId, key, recorded: false };
        return;
      }
      if (Date.now() >= deadline) {
        reply.header('Retry-After', '1');
        throw new HttpError(429, MSG.stillProcessing);
      }
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.idempotency;
    if (!pending || pending.recorded) return payload;
    pending.recorded = true;
    const where = and(eq(idempotencyKeys.userId, pending.userId), eq(idempotencyKeys.key, pending.key));
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    const storable = payload === null || payload === undefined || body !== null;
    if (reply.statusCode >= 500 || !storable) {
      await db.delete(idempotencyKeys).where(where);
    } else {
      const contentType = reply.getHeader('content-type');
      await db
        .update(idempotencyKeys)
        .set({
          statusCode: reply.statusCode,
          body: body ? cipher.encrypt(body) : '',
          contentType: typeof contentType === 'string' ? contentType : null,
        })
        .where(where);
    }
    return payload;
  });

  // A request that ends without an answer (client gone, crash in a hook) must not block its key.
  app.addHook('onResponse', async (request) => {
    const pending = request.idempotency;
    if (!pending || pending.recorded) return;
    pending.recorded = true;
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, pending.userId),
          eq(idempotencyKeys.key, pending.key),
          isNull(idempotencyKeys.statusCode),
        ),
      );
  });

  app.jobs.every(
    'idempotency purge',
    PURGE_EVERY_MS,
    () => db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_MS))),
    { firstDelayMs: 0 },
  );
});

/** Inserts the pending row; false when the user already used this key. */
async function claim(db: Database, userId: string, key: string, request: string): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, request })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

/** Claims a pending row left behind by a request that never finished. */
async function takeOver(db: Database, userId: string, key: string): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

function replay(reply: FastifyReply, statusCode: number, contentType: string | null, body: string | null) {
  reply.code(statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (contentType) reply.header('content-type', contentType);
  return reply.send(body === '' ? undefined : body);
}
