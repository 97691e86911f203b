import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { DeviceRange } from '../../../contract/constants';
import { ApiErrorSchema } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import {
  DeleteResultSchema,
  IdParamsSchema,
  IdsBodySchema,
  type ListQuery,
} from '../../../contract/schemas/common';
import { DashboardQuerySchema, DashboardSummarySchema } from '../../../contract/schemas/dashboard';
import {
  DeviceKeySchema,
  LiftInputSchema,
  LiftListQuerySchema,
  LiftListResponseSchema,
  LiftRegisteredSchema,
  LiftSchema,
  LiftsByUserQuerySchema,
  LiftUpdateSchema,
} from '../../../contract/schemas/lift';
import { lifts, liftUsers, messages } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { orderBySort } from '../../lib/sort';
import { currentUser } from '../../plugins/auth';
import type { ValibotTypeProvider } from '../../plugins/validation';
import { liftScopeCondition, userIdsWhoSeeLifts } from './lift-scope';
import { countLifts, forgetLiftCounts, LIFT_SORT_COLUMNS, loadLift, loadLifts } from './lift-view';
import {
  checkAssignments,
  checkDuplicates,
  isUniqueViolation,
  liftSearchCondition,
  newDeviceKey,
  replaceAssignments,
  updateLiftRow,
} from './lifts.repository';

const bearer = [{ bearerAuth: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ApiErrorSchema]));
const DAY_MS = 86_400_000;

/** The time window of a dashboard range, in UTC days. */
export function rangeBounds(range: DeviceRange, now = new Date()): { from: Date; to: Date } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  switch (range) {
    case 'today':
      return { from: today, to: now };
    case 'yesterday':
      return { from: new Date(today.getTime() - DAY_MS), to: today };
    case 'last7Days':
      return { from: new Date(now.getTime() - 7 * DAY_MS), to: now };
    case 'last28Days':
      return { from: new Date(now.getTime() - 28 * DAY_MS), to: now };
    case 'last90Days':
      return { from: new Date(now.getTime() - 90 * DAY_MS), to: now };
  }
}

const inErrorSql = sql`jsonb_array_length(${lifts.activeErrors}) > 0`;
const maintenanceDueSql = sql`((${lifts.maxTrips} > 0 and ${lifts.trips} >= ${lifts.maxTrips}) or (${lifts.maxOperatingHours} > 0 and ${lifts.operatingHours} >= ${lifts.maxOperatingHours}))`;

export const liftsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;
  const signedIn = { onRequest: [app.authenticate] };
  const adminOnly = { onRequest: [app.authenticate, app.requireRole('admin')] };

  /** After a write: fresh counts, live updates for the changed lifts, and controllers to drop. */
  function notify(changedLiftIds: readonly string[], disconnectImeis: readonly string[] = []) {
    forgetLiftCounts(db);
    for (const id of changedLiftIds) app.devices.liftChanged(id);
    for (const imei of disconnectImeis) app.devices.disconnect(imei);
  }

  async function list(condition: SQL | undefined, query: Pick<ListQuery, 'page' | 'pageSize' | 'sort'>) {
    const orderBy = orderBySort(query.sort, LIFT_SORT_COLUMNS, lifts.id);
    const [rows, total] = await Promise.all([
      loadLifts(db, condition, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize, orderBy }),
      countLifts(db, condition),
    ]);
    return { lifts: rows, count: total };
  }

  const listSchema = {
    tags: ['lifts'],
    summary: 'Lifts the signed-in user sees, paged and searched (uid, address, IMEI, ICCID)',
    security: bearer,
    querystring: LiftListQuerySchema,
    response: { 200: LiftListResponseSchema, ...errors(400, 401) },
  };
  for (const url of [
    '/lifts',
    '/lifts/getByPagination',
    '/lift-app/lifts',
    '/lift-app/lifts-by-pagination',
  ]) {
    app.get(url, { ...signedIn, schema: listSchema }, (request) =>
      list(
        and(liftScopeCondition(currentUser(request)), liftSearchCondition(request.query.search)),
        request.query,
      ),
    );
  }

  const byUserSchema = {
    tags: ['lifts'],
    summary: "A user's lifts, within the signed-in user's scope",
    security: bearer,
    querystring: v.object({ ...LiftsByUserQuerySchema.entries, ...LiftListQuerySchema.entries }),
    response: { 200: LiftListResponseSchema, ...errors(400, 401) },
  };
  for (const url of ['/lifts/getByUserId', '/lift-app/lifts-by-user-id']) {
    app.get(url, { ...signedIn, schema: byUserSchema }, (request) => {
      const assigned = sql`exists (select 1 from ${liftUsers} where ${liftUsers.liftId} = ${lifts.id} and ${liftUsers.userId} = ${request.query.userId})`;
      return list(
        and(liftScopeCondition(currentUser(request)), assigned, liftSearchCondition(request.query.search)),
        request.query,
      );
    });
  }

  app.get(
    '/lifts/summary',
    {
      ...signedIn,
      schema: {
        tags: ['lifts'],
        summary: "The landing page's summary of the signed-in user's lifts",
        security: bearer,
        querystring: DashboardQuerySchema,
        response: { 200: DashboardSummarySchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const scope = liftScopeCondition(currentUser(request));
      const { range } = request.query;
      const { from, to } = rangeBounds(range);
      const inRange = and(
        eq(messages.liftId, lifts.id),
        isNull(messages.deletedAt),
        gte(messages.at, from),
        lt(messages.at, to),
      );
      const perLift = db
        .select({ ridden: sql<number>`max(${messages.trips}) - min(${messages.trips})`.as('ridden') })
        .from(messages)
        .innerJoin(lifts, eq(lifts.id, messages.liftId))
        .where(and(scope, inRange, eq(messages.kind, 'stats')))
        .groupBy(messages.liftId)
        .as('per_lift');
      const [[counts], [trips], [raised], attention] = await Promise.all([
        db
          .select({
            total: count(),
            online: sql<number>`count(*) filter (where ${lifts.online})`.mapWith(Number),
            inError: sql<number>`count(*) filter (where ${inErrorSql})`.mapWith(Number),
            maintenanceDue: sql<number>`count(*) filter (where ${maintenanceDueSql})`.mapWith(Number),
          })
          .from(lifts)
          .where(scope),
        db.select({ value: sql<number>`coalesce(sum(${perLift.ridden}), 0)`.mapWith(Number) }).from(perLift),
        db
          .select({ value: count() })
          .from(messages)
          .innerJoin(lifts, eq(lifts.id, messages.liftId))
          .where(and(scope, inRange, eq(messages.kind, 'error'), eq(messages.active, true))),
        loadLifts(db, and(scope, or(inErrorSql, maintenanceDueSql, eq(lifts.online, false))), {
          limit: 10,
          orderBy: [
            desc(inErrorSql),
            desc(maintenanceDueSql),
            asc(lifts.online),
            asc(lifts.uid),
            asc(lifts.id),
          ],
        }),
      ]);
      const total = counts?.total ?? 0;
      const online = counts?.online ?? 0;
      return {
        range,
        counts: {
          total,
          online,
          offline: total - online,
          inError: counts?.inError ?? 0,
          maintenanceDue: counts?.maintenanceDue ?? 0,
        },
        trips: trips?.value ?? 0,
        errors: raised?.value ?? 0,
        attention,
      };
    },
  );

  app.get(
    '/lifts/:id',
    {
      ...signedIn,
      schema: {
        tags: ['lifts'],
        summary: 'One lift the signed-in user sees',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: LiftSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const lift = await loadLift(db, request.params.id, liftScopeCondition(currentUser(request)));
      if (!lift) throw notFound(MSG.liftNotFound);
      return lift;
    },
  );

  app.post(
    '/lifts/register',
    {
      ...adminOnly,
      schema: {
        tags: ['lifts'],
        summary: "Register a lift; the answer carries the controller's key, once",
        security: bearer,
        body: LiftInputSchema,
        response: { 201: LiftRegisteredSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const fieldErrors = {
        ...(await checkDuplicates(db, input)),
        ...(await checkAssignments(db, input.customers, input.servicemen)),
      };
      if (Object.keys(fieldErrors).length) throw new HttpError(400, MSG.invalidRequest, fieldErrors);
      const { deviceKey, hash } = newDeviceKey();
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(lifts)
            .values({
              uid: input.uid,
              address: input.address,
              imei: input.imei,
              iccid: input.iccid,
              maxTrips: input.maxTrips,
              maxOperatingHours: input.maxOperatingHours,
              parameters: input.parameters,
              deviceKeyHash: hash,
            })
            .returning({ id: lifts.id });
          if (!row) throw new Error('insert into lifts returned no row');
          await replaceAssignments(tx, row.id, 'customer', input.customers);
          await replaceAssignments(tx, row.id, 'serviceman', input.servicemen);
          return row.id;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(400, MSG.invalidRequest, await checkDuplicates(db, input));
        throw error;
      }
      const lift = await loadLift(db, id);
      if (!lift) throw notFound(MSG.liftNotFound);
      notify([id]);
      return reply.code(201).send({ ...lift, deviceKey });
    },
  );

  app.put(
    '/lifts/:id',
    {
      ...adminOnly,
      schema: {
        tags: ['lifts'],
        summary: 'Change a lift (any subset of its fields), optionally made on `baseVersion`',
        security: bearer,
        params: IdParamsSchema,
        body: LiftUpdateSchema,
        response: { 200: LiftSchema, 409: ApiErrorSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { baseVersion, customers, servicemen, ...changes } = request.body;
      const scope = liftScopeCondition(currentUser(request));
      const before = await loadLift(db, id, scope);
      if (!before) throw notFound(MSG.liftNotFound);
      if (baseVersion !== undefined && baseVersion !== before.version) {
        return reply.code(409).send({ message: MSG.staleVersion, current: before });
      }
      const fieldErrors = {
        ...(await checkDuplicates(db, changes, id)),
        ...(await checkAssignments(db, customers, servicemen)),
      };
      if (Object.keys(fieldErrors).length) throw new HttpError(400, MSG.invalidRequest, fieldErrors);
      const reassigning = customers !== undefined || servicemen !== undefined;
      const seersBefore = reassigning ? (await userIdsWhoSeeLifts(db, [id])).get(id) : undefined;
      let updated: number | null;
      try {
        updated = await db.transaction(async (tx) => {
          const version = await updateLiftRow(tx, id, changes, baseVersion);
          if (version === null) return null;
          if (customers) await replaceAssignments(tx, id, 'customer', customers);
          if (servicemen) await replaceAssignments(tx, id, 'serviceman', servicemen);
          return version;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new HttpError(400, MSG.invalidRequest, await checkDuplicates(db, changes, id));
        }
        throw error;
      }
      const current = await loadLift(db, id, scope);
      if (!current) throw notFound(MSG.liftNotFound);
      if (updated === null) return reply.code(409).send({ message: MSG.staleVersion, current });
      notify([id], current.imei !== before.imei ? [before.imei] : []);
      if (seersBefore) {
        const seersAfter = new Set((await userIdsWhoSeeLifts(db, [id])).get(id));
        const lostSight = seersBefore.filter((userId) => !seersAfter.has(userId));
        if (lostSight.length > 0) app.devices.liftRemoved(id, lostSight, { deleted: false });
      }
      return current;
    },
  );

  const deleteSchema = {
    tags: ['lifts'],
    summary: 'Delete lifts (they stay as tombstones for sync)',
    security: bearer,
    body: IdsBodySchema,
    response: { 200: DeleteResultSchema, ...errors(400, 401, 403) },
  };
  for (const url of ['/lifts/deleteByIds', '/lift-app/remove-lifts']) {
    app.post(url, { ...adminOnly, schema: deleteSchema }, async (request) => {
      const seers = await userIdsWhoSeeLifts(db, request.body.ids);
      const removed = await db
        .update(lifts)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${lifts.version} + 1` })
        .where(and(inArray(lifts.id, request.body.ids), liftScopeCondition(currentUser(request))))
        .returning({ id: lifts.id, imei: lifts.imei });
      notify(
        [],
        removed.map((row) => row.imei),
      );
      for (const { id } of removed) app.devices.liftRemoved(id, seers.get(id) ?? [], { deleted: true });
      return { message: MSG.deleted, count: removed.length };
    });
  }

  app.post(
    '/lifts/:id/device-key',
    {
      ...adminOnly,
      schema: {
        tags: ['lifts'],
        summary: "Rotate a lift's controller key; the answer carries the new key, once",
        security: bearer,
        params: IdParamsSchema,
        response: { 200: DeviceKeySchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { deviceKey, hash } = newDeviceKey();
      const [row] = await db
        .update(lifts)
        .set({ deviceKeyHash: hash })
        .where(and(eq(lifts.id, request.params.id), liftScopeCondition(currentUser(request))))
        .returning({ id: lifts.id, imei: lifts.imei });
      if (!row) throw notFound(MSG.liftNotFound);
      notify([], [row.imei]);
      return { deviceKey };
    },
  );
};
