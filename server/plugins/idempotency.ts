import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../contract/messages';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../contract/schemas/sync';
import { DAY_MS, HOUR_MS } from '../../contract/time';
import type { Database } from '../db/client';
import { runInTransaction } from '../db/request-transaction';
import { idempotencyKeys } from '../db/schema/idempotency';
import { createAtRestCipher } from '../lib/at-rest-cipher';
import { definePlugin } from '../lib/define-plugin';
import { HttpError } from '../lib/http-error';

/** A transaction of `db.transaction`, as Drizzle hands it to the callback. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * An idempotent write in progress. Its handler runs in one transaction with the key's row, and the
 * answer is written into that row before the commit, so a crash leaves either both the change and
 * its answer or neither: a retry then replays the answer, or runs the write for the first time.
 */
interface PendingWrite {
  userId: string;
  key: string;
  request: string;
  /** The handler threw: its transaction rolls back, and the refusal is stored after that. */
  failed: boolean;
  /** Hands the answer to the transaction (or asks it to roll back) and waits for the commit. */
  finish: ((answer: StoredAnswer | null) => Promise<void>) | null;
  /** The transaction, settled once it committed or rolled back. */
  settled: Promise<unknown> | null;
  recorded: boolean;
}

interface StoredAnswer {
  statusCode: number;
  body: string;
  contentType: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a write sent with a fresh `Idempotency-Key`; its answer is stored on send. */
    idempotency: PendingWrite | null;
  }
  interface FastifyInstance {
    /** Runs a route handler as the idempotent write of its request (the endpoints plugin calls it). */
    runIdempotent<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      handler: () => T | Promise<T>,
    ): Promise<T | FastifyReply>;
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
const KEEP_MS = DAY_MS;
const PURGE_EVERY_MS = HOUR_MS;

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

    const fresh = (): PendingWrite => ({
      userId,
      key,
      request: requestLine,
      failed: false,
      finish: null,
      settled: null,
      recorded: false,
    });
    const deadline = Date.now() + waitForFirstMs;
    for (;;) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!row) {
        // The handler claims the key inside its transaction (runIdempotent).
        request.idempotency = fresh();
        return;
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
      // A committed row without an answer comes from a version that claimed keys before the
      // write: once its request is surely dead, the repeat runs.
      if (
        Date.now() - row.createdAt.getTime() > ABANDONED_AFTER_MS &&
        (await dropAbandoned(db, userId, key))
      ) {
        request.idempotency = fresh();
        return;
      }
      if (Date.now() >= deadline) {
        reply.header('Retry-After', '1');
        throw new HttpError(429, MSG.stillProcessing);
      }
      await sleep(POLL_MS);
    }
  });

  app.decorate('runIdempotent', function runIdempotent<
    T,
  >(request: FastifyRequest, reply: FastifyReply, handler: () => T | Promise<T>): Promise<T | FastifyReply> {
    const pending = request.idempotency;
    if (!pending) return Promise.resolve(handler());
    return new Promise((resolve, reject) => {
      let handedOver = false;
      const answered = new Promise<StoredAnswer | null>((hand) => {
        // Called by onSend, possibly while the handler still runs (a handler that sends itself).
        pending.finish = (answer) => {
          hand(answer);
          return (pending.settled ?? Promise.resolve()).then(
            () => {},
            (error: unknown) => {
              if (error !== ROLLBACK) throw error;
            },
          );
        };
      });
      pending.settled = runInTransaction(db, async (tx, leave) => {
        // A twin with the same key that is still running holds this row: the insert waits for its
        // commit and then finds it taken, and this request answers what the twin answered.
        if (!(await claim(tx, pending.userId, pending.key, pending.request))) {
          const [row] = await tx
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.userId, pending.userId), eq(idempotencyKeys.key, pending.key)));
          request.idempotency = null;
          handedOver = true;
          if (!row || row.statusCode === null) {
            reply.header('Retry-After', '1');
            reject(new HttpError(429, MSG.stillProcessing));
          } else if (row.request !== pending.request) {
            reject(new HttpError(422, MSG.idempotencyKeyReused));
          } else {
            const body = row.body && cipher.isEncrypted(row.body) ? cipher.decrypt(row.body) : row.body;
            resolve(replay(reply, row.statusCode, row.contentType, body));
          }
          return;
        }
        // A handler that sends the reply itself returns the reply, which settles only once the
        // answer went out, and that waits for this commit: the answer arriving ends the wait too.
        const handled = Promise.resolve().then(handler);
        const outcome = await Promise.race([
          handled.then(
            (result) => ({ kind: 'returned' as const, result }),
            (error: unknown) => ({ kind: 'threw' as const, error }),
          ),
          answered.then((answer) => ({ kind: 'sent' as const, answer })),
        ]);
        if (outcome.kind === 'threw') {
          pending.failed = true;
          handedOver = true;
          reject(outcome.error);
          throw outcome.error; // rolls the write back; the refusal itself is kept after that (onSend)
        }
        // What the handler started that runs later must not join this transaction.
        leave();
        handedOver = true;
        resolve(handled);
        const answer = outcome.kind === 'sent' ? outcome.answer : await answered;
        if (!answer) throw ROLLBACK;
        await tx
          .update(idempotencyKeys)
          .set(answer)
          .where(and(eq(idempotencyKeys.userId, pending.userId), eq(idempotencyKeys.key, pending.key)));
      });
      pending.settled.catch((error: unknown) => {
        if (!handedOver) reject(error);
      });
    });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.idempotency;
    if (!pending || pending.recorded) return payload;
    pending.recorded = true;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    const storable = (payload === null || payload === undefined || body !== null) && reply.statusCode < 500;
    const contentType = reply.getHeader('content-type');
    const answer: StoredAnswer | null = storable
      ? {
          statusCode: reply.statusCode,
          body: body ? cipher.encrypt(body) : '',
          contentType: typeof contentType === 'string' ? contentType : null,
        }
      : null;
    if (pending.finish && !pending.failed) {
      // The write's transaction is waiting for its answer: both commit before the client hears it.
      await pending.finish(answer);
      return payload;
    }
    // The handler failed and its transaction rolled back: keep the refusal (4xx), forget a 5xx.
    await pending.settled?.catch(() => {});
    if (answer) {
      await db
        .insert(idempotencyKeys)
        .values({ userId: pending.userId, key: pending.key, request: pending.request, ...answer })
        .onConflictDoNothing();
    }
    return payload;
  });

  // A request that ends without an answer (client gone, crash in a hook) must not hold its transaction.
  app.addHook('onResponse', async (request) => {
    const pending = request.idempotency;
    if (!pending || pending.recorded) return;
    pending.recorded = true;
    await pending.finish?.(null).catch(() => {});
  });

  app.jobs.every(
    'idempotency purge',
    PURGE_EVERY_MS,
    () => db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_MS))),
    { firstDelayMs: 0 },
  );
});

/** Marks a transaction for rollback; nothing is thrown past `runIdempotent`. */
const ROLLBACK = new Error('idempotent write rolled back');

/** Inserts the key's row inside the write's transaction; false when the user already used this key. */
async function claim(tx: Transaction, userId: string, key: string, request: string): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, request })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

/** Removes an answerless row left behind by a request that never finished. */
async function dropAbandoned(db: Database, userId: string, key: string): Promise<boolean> {
  const dropped = await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return dropped.length > 0;
}

function replay(reply: FastifyReply, statusCode: number, contentType: string | null, body: string | null) {
  reply.code(statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (contentType) reply.header('content-type', contentType);
  return reply.send(body === '' ? undefined : body);
}
