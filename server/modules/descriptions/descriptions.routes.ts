import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { ApiErrorSchema } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import { DeleteResultSchema, IdParamsSchema, IdsBodySchema } from '../../../contract/schemas/common';
import {
  type DescriptionInput,
  DescriptionInputSchema,
  DescriptionListResponseSchema,
  DescriptionSchema,
  type DescriptionUpdate,
  DescriptionUpdateAppSchema,
  DescriptionUpdateSchema,
} from '../../../contract/schemas/description';
import type { Database } from '../../db/client';
import { descriptions } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import type { ValibotTypeProvider } from '../../plugins/validation';
import { isUniqueViolation } from '../lifts/lifts.repository';
import { askEveryoneToPull } from '../sync/sync-notify';
import { toDescription } from './description-mapper';

const bearer = [{ bearerAuth: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ApiErrorSchema]));
const duplicateNumber = () => new HttpError(400, MSG.invalidRequest, { number: MSG.duplicateNumber });

async function numberTaken(db: Database, number: number, exceptId?: string) {
  const rows = await db
    .select({ id: descriptions.id })
    .from(descriptions)
    .where(and(eq(descriptions.number, number), isNull(descriptions.deletedAt)));
  return rows.some((row) => row.id !== exceptId);
}

export const descriptionsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;
  const signedIn = { onRequest: [app.authenticate] };
  const adminOnly = { onRequest: [app.authenticate, app.requireRole('admin')] };

  const listSchema = {
    tags: ['descriptions'],
    summary: 'The error-code catalogue, sorted by number',
    security: bearer,
    response: { 200: DescriptionListResponseSchema, ...errors(401) },
  };
  const list = async () =>
    (
      await db
        .select()
        .from(descriptions)
        .where(isNull(descriptions.deletedAt))
        .orderBy(asc(descriptions.number), asc(descriptions.id))
    ).map(toDescription);
  app.get('/descriptions', { ...signedIn, schema: listSchema }, list);
  app.get('/descriptions-app/descriptions', { ...signedIn, schema: listSchema }, list);

  app.get(
    '/descriptions/:id',
    {
      ...signedIn,
      schema: {
        tags: ['descriptions'],
        summary: 'One catalogue entry; an unknown id answers null (spec §7)',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: v.nullable(DescriptionSchema), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select()
        .from(descriptions)
        .where(and(eq(descriptions.id, request.params.id), isNull(descriptions.deletedAt)))
        .limit(1);
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(row ? toDescription(row) : null);
    },
  );

  async function register(input: DescriptionInput) {
    if (await numberTaken(db, input.number)) throw duplicateNumber();
    try {
      const [row] = await db.insert(descriptions).values(input).returning();
      if (!row) throw new Error('insert into descriptions returned no row');
      askEveryoneToPull(app);
      return toDescription(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateNumber();
      throw error;
    }
  }
  const registerSchema = {
    tags: ['descriptions'],
    summary: 'Add a catalogue entry (admin and above)',
    security: bearer,
    body: DescriptionInputSchema,
    response: { 201: DescriptionSchema, ...errors(400, 401, 403) },
  };
  for (const url of ['/descriptions/register', '/descriptions-app/save-description']) {
    app.post(url, { ...adminOnly, schema: registerSchema }, async (request, reply) =>
      reply.code(201).send(await register(request.body)),
    );
  }

  const findLive = async (id: string) => {
    const [row] = await db
      .select()
      .from(descriptions)
      .where(and(eq(descriptions.id, id), isNull(descriptions.deletedAt)))
      .limit(1);
    return row ? toDescription(row) : null;
  };

  /** The changed entry, or `{ current }` when `baseVersion` is stale (answered as 409). */
  async function update(id: string, { baseVersion, ...input }: DescriptionUpdate) {
    const before = await findLive(id);
    if (!before) throw notFound();
    if (baseVersion !== undefined && baseVersion !== before.version) return { current: before };
    if (await numberTaken(db, input.number, id)) throw duplicateNumber();
    try {
      const [row] = await db
        .update(descriptions)
        .set({ ...input, version: sql`${descriptions.version} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(descriptions.id, id),
            isNull(descriptions.deletedAt),
            baseVersion !== undefined ? eq(descriptions.version, baseVersion) : undefined,
          ),
        )
        .returning();
      if (row) {
        askEveryoneToPull(app);
        return { updated: toDescription(row) };
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateNumber();
      throw error;
    }
    const current = await findLive(id);
    if (!current) throw notFound();
    return { current };
  }
  const answerUpdate = (reply: FastifyReply, result: Awaited<ReturnType<typeof update>>) => {
    if ('updated' in result) return reply.send(result.updated);
    return reply.code(409).send({ message: MSG.staleVersion, current: result.current });
  };
  const updateSchema = {
    tags: ['descriptions'],
    summary: 'Change a catalogue entry (admin and above), optionally made on `baseVersion`',
    security: bearer,
    response: { 200: DescriptionSchema, 409: ApiErrorSchema, ...errors(400, 401, 403, 404) },
  };
  app.put(
    '/descriptions/:id',
    { ...adminOnly, schema: { ...updateSchema, params: IdParamsSchema, body: DescriptionUpdateSchema } },
    async (request, reply) => answerUpdate(reply, await update(request.params.id, request.body)),
  );
  app.post(
    '/descriptions-app/update-description',
    { ...adminOnly, schema: { ...updateSchema, body: DescriptionUpdateAppSchema } },
    async (request, reply) => {
      const { id, ...input } = request.body;
      return answerUpdate(reply, await update(id, input));
    },
  );

  const deleteSchema = {
    tags: ['descriptions'],
    summary: 'Delete catalogue entries (they stay as tombstones for sync)',
    security: bearer,
    body: IdsBodySchema,
    response: { 200: DeleteResultSchema, ...errors(400, 401, 403) },
  };
  for (const url of ['/descriptions/deleteByIds', '/descriptions-app/remove-descriptions']) {
    app.post(url, { ...adminOnly, schema: deleteSchema }, async (request) => {
      const removed = await db
        .update(descriptions)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${descriptions.version} + 1` })
        .where(and(inArray(descriptions.id, request.body.ids), isNull(descriptions.deletedAt)))
        .returning({ id: descriptions.id });
      if (removed.length > 0) askEveryoneToPull(app);
      return { message: MSG.deleted, count: removed.length };
    });
  }
};
