import { and, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type * as v from 'valibot';
import type { EventType } from '../../../contract/device';
import { ApiErrorSchema } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import { DeleteResultSchema } from '../../../contract/schemas/common';
import {
  MessageDeleteSchema,
  MessageIdParamsSchema,
  MessageListResponseSchema,
  MessageNotesUpdateSchema,
  MessageQuerySchema,
  MessageSchema,
} from '../../../contract/schemas/message';
import { lifts, messages } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { likePattern } from '../../lib/like-pattern';
import { orderBySort } from '../../lib/sort';
import { currentUser } from '../../plugins/auth';
import type { ValibotTypeProvider } from '../../plugins/validation';
import { liftScopeCondition } from '../../access/lifts';
import { liftSearchCondition } from '../lifts/lifts.repository';
import { askLiftSeersToPull } from '../sync/sync-notify';
import { toMessage } from './message-mapper';

const bearer = [{ bearerAuth: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ApiErrorSchema]));

type MessageQuery = v.InferOutput<typeof MessageQuerySchema>;

/** Which kinds an endpoint lists: all, stats only, or errors and infos. */
type KindFilter = 'all' | 'stats' | 'detailed';
const DETAILED: EventType[] = ['error', 'info'];

/** `search` finds the lift (as the lift list does) and the notes (title, text) of a reading. */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    liftSearchCondition(search),
    sql`${messages.notes}->>'title' ilike ${pattern}`,
    sql`${messages.notes}->>'notes' ilike ${pattern}`,
  );
}

export const messagesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;
  const signedIn = { onRequest: [app.authenticate] };
  const adminOnly = { onRequest: [app.authenticate, app.requireRole('admin')] };

  async function list(scope: SQL, query: MessageQuery, kinds: KindFilter) {
    const where = and(
      scope,
      isNull(messages.deletedAt),
      kinds === 'stats' ? eq(messages.kind, 'stats') : undefined,
      kinds === 'detailed' ? inArray(messages.kind, DETAILED) : undefined,
      query.liftId ? eq(messages.liftId, query.liftId) : undefined,
      query.type ? eq(messages.kind, query.type) : undefined,
      query.code !== undefined ? eq(messages.code, query.code) : undefined,
      query.from ? gte(messages.at, new Date(query.from)) : undefined,
      query.to ? lte(messages.at, new Date(query.to)) : undefined,
      searchCondition(query.search),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ message: messages })
        .from(messages)
        .innerJoin(lifts, eq(lifts.id, messages.liftId))
        .where(where)
        .orderBy(
          ...(orderBySort(query.sort, { at: messages.at, code: messages.code }, messages.id) ?? [
            desc(messages.at),
            desc(messages.id),
          ]),
        )
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db
        .select({ value: sql<number>`count(*)`.mapWith(Number) })
        .from(messages)
        .innerJoin(lifts, eq(lifts.id, messages.liftId))
        .where(where),
    ]);
    return { messages: rows.map((row) => toMessage(row.message)), count: total?.value ?? 0 };
  }

  const lists: [string, KindFilter, string][] = [
    ['/messages/getByPagenation', 'all', "Readings of the signed-in user's lifts, newest first"],
    ['/messages/getStatsMsgs', 'stats', "Stats readings of the signed-in user's lifts, newest first"],
    ['/messages/getDetailedMsgs', 'detailed', "Errors and infos of the signed-in user's lifts, newest first"],
  ];
  for (const [url, kinds, summary] of lists) {
    app.get(
      url,
      {
        ...signedIn,
        schema: {
          tags: ['messages'],
          summary,
          security: bearer,
          querystring: MessageQuerySchema,
          response: { 200: MessageListResponseSchema, ...errors(400, 401) },
        },
      },
      (request) => list(liftScopeCondition(currentUser(request)), request.query, kinds),
    );
  }

  app.put(
    '/messages/:messageId',
    {
      ...signedIn,
      schema: {
        tags: ['messages'],
        summary: 'Write notes on a reading of a lift the signed-in user sees',
        security: bearer,
        params: MessageIdParamsSchema,
        body: MessageNotesUpdateSchema,
        response: { 200: MessageSchema, 409: ApiErrorSchema, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { year, isNotes, notes, baseVersion } = request.body;
      const scope = liftScopeCondition(currentUser(request));
      const find = async () => {
        const [row] = await db
          .select({ message: messages })
          .from(messages)
          .innerJoin(lifts, eq(lifts.id, messages.liftId))
          .where(
            and(
              eq(messages.year, year),
              eq(messages.id, request.params.messageId),
              isNull(messages.deletedAt),
              scope,
            ),
          )
          .limit(1);
        return row ? toMessage(row.message) : null;
      };
      const before = await find();
      if (!before) throw notFound();
      if (baseVersion !== undefined && baseVersion !== before.version) {
        return reply.code(409).send({ message: MSG.staleVersion, current: before });
      }
      const [row] = await db
        .update(messages)
        .set({ isNotes, notes, version: sql`${messages.version} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(messages.year, year),
            eq(messages.id, before.id),
            isNull(messages.deletedAt),
            baseVersion !== undefined ? eq(messages.version, baseVersion) : undefined,
          ),
        )
        .returning();
      if (row) {
        askLiftSeersToPull(app, [row.liftId]);
        return toMessage(row);
      }
      const current = await find();
      if (!current) throw notFound();
      return reply.code(409).send({ message: MSG.staleVersion, current });
    },
  );

  app.post(
    '/messages/deleteByIds',
    {
      ...adminOnly,
      schema: {
        tags: ['messages'],
        summary: 'Delete readings of one year (they stay as tombstones for sync)',
        security: bearer,
        body: MessageDeleteSchema,
        response: { 200: DeleteResultSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { ids, year } = request.body;
      const scope = liftScopeCondition(currentUser(request));
      const removed = await db
        .update(messages)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${messages.version} + 1` })
        .where(
          and(
            eq(messages.year, year),
            inArray(messages.id, ids),
            isNull(messages.deletedAt),
            sql`exists (select 1 from ${lifts} where ${lifts.id} = ${messages.liftId} and ${scope})`,
          ),
        )
        .returning({ id: messages.id, liftId: messages.liftId });
      askLiftSeersToPull(
        app,
        removed.map((row) => row.liftId),
      );
      return { message: MSG.deleted, count: removed.length };
    },
  );
};
