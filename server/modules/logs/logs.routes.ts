import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorSchema } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import { DeleteResultSchema, IdsBodySchema } from '../../../contract/schemas/common';
import { type Log, LogListResponseSchema, LogQuerySchema } from '../../../contract/schemas/log';
import { type LogRow, logs } from '../../db/schema';
import { likePattern } from '../../lib/like-pattern';
import { orderBySort } from '../../lib/sort';
import type { ValibotTypeProvider } from '../../plugins/validation';

const bearer = [{ bearerAuth: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ApiErrorSchema]));

export function toLog(row: LogRow): Log {
  return {
    id: row.id,
    at: row.at.toISOString(),
    level: row.level,
    source: row.source,
    event: row.event,
    message: row.message,
    liftId: row.liftId,
    imei: row.imei,
    details: row.details,
  };
}

export const logsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;
  const devOnly = { onRequest: [app.authenticate, app.requireRole('dev')] };

  app.get(
    '/logs/getByPagenation',
    {
      ...devOnly,
      schema: {
        tags: ['logs'],
        summary: 'Server and device events, newest first (dev)',
        security: bearer,
        querystring: LogQuerySchema,
        response: { 200: LogListResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, pageSize, level, source, search, sort } = request.query;
      const order = orderBySort(sort, { at: logs.at, level: logs.level, event: logs.event }, logs.id);
      const pattern = search ? likePattern(search) : undefined;
      const where = and(
        level ? eq(logs.level, level) : undefined,
        source ? eq(logs.source, source) : undefined,
        pattern
          ? sql`(${logs.event} ilike ${pattern} or ${logs.message} ilike ${pattern} or ${logs.imei} ilike ${pattern})`
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(logs)
          .where(where)
          .orderBy(...(order ?? [desc(logs.at), desc(logs.id)]))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ value: sql<number>`count(*)`.mapWith(Number) })
          .from(logs)
          .where(where),
      ]);
      return { logs: rows.map(toLog), count: total?.value ?? 0 };
    },
  );

  app.post(
    '/logs/deleteByIds',
    {
      ...devOnly,
      schema: {
        tags: ['logs'],
        summary: 'Delete log entries (dev)',
        security: bearer,
        body: IdsBodySchema,
        response: { 200: DeleteResultSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const removed = await db
        .delete(logs)
        .where(inArray(logs.id, request.body.ids))
        .returning({ id: logs.id });
      return { message: MSG.deleted, count: removed.length };
    },
  );

  app.post(
    '/logs/deleteAll',
    {
      ...devOnly,
      schema: {
        tags: ['logs'],
        summary: 'Delete every log entry (dev)',
        security: bearer,
        response: { 200: DeleteResultSchema, ...errors(401, 403) },
      },
    },
    async () => {
      const removed = await db.delete(logs).returning({ id: logs.id });
      return { message: MSG.deleted, count: removed.length };
    },
  );
};
