import type { FastifyPluginAsync } from 'fastify';
import { liftsApi } from '../../../contract/api/lifts';
import { berlinDay, liftMaintenanceDue } from '../../../contract/maintenance';
import { MSG } from '../../../contract/messages';
import type { Lift, LiftInput } from '../../../contract/schemas/lift';
import { liftScopeCondition, userIdsWhoSeeLifts } from '../../access/lifts';
import { isUniqueViolation } from '../../db/results';
import { HttpError, notFound, staleVersion } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { sendJsonText } from '../../plugins/endpoints';
import { createMaintenanceRepository } from '../maintenance/maintenance.repository';
import { loadLift } from './lift-view';
import { createLiftsRepository, newDeviceKey } from './lifts.repository';

export const liftsRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const lifts = createLiftsRepository(db);

  /** After a write: fresh counts, live updates for the changed lifts, and controllers to drop. */
  function notify(changedLiftIds: readonly string[], disconnectImeis: readonly string[] = []) {
    app.liftLists.forget();
    for (const id of changedLiftIds) app.liveLifts.changed(id);
    for (const imei of disconnectImeis) app.devices.disconnect(imei);
  }

  /**
   * Field errors for a uid or IMEI taken, a customer or service man who is none, or a base key
   * that is no active entry of its category (`before`: the lift's keys, which stay valid).
   */
  async function check(fields: Partial<LiftInput>, exceptId?: string, before?: Lift) {
    const fieldErrors = {
      ...(await lifts.checkDuplicates(fields, exceptId)),
      ...(await lifts.checkAssignments(fields.customers, fields.servicemen)),
      ...(await lifts.checkBaseKeys(fields, before)),
    };
    if (Object.keys(fieldErrors).length) throw new HttpError(400, MSG.invalidRequest, fieldErrors);
  }

  /** A unique index refused the write after all (a race with another request): say which field. */
  async function duplicateOr(error: unknown, fields: Partial<LiftInput>, exceptId?: string): Promise<never> {
    if (isUniqueViolation(error)) {
      throw new HttpError(400, MSG.invalidRequest, await lifts.checkDuplicates(fields, exceptId));
    }
    throw error;
  }

  // The answer comes as JSON text, shared by the requests for the same page (docs/api.md#lift-list).
  app.serve(liftsApi.list, async (request, reply) =>
    sendJsonText(
      reply,
      await lifts.list(liftScopeCondition(currentUser(request)), request.query, app.liftLists.shared),
    ),
  );

  app.serve(liftsApi.byUser, async (request, reply) =>
    sendJsonText(
      reply,
      await lifts.list(
        liftScopeCondition(currentUser(request)),
        request.query,
        app.liftLists.shared,
        request.query.userId,
      ),
    ),
  );

  const maintenance = createMaintenanceRepository(db);
  app.serve(liftsApi.summary, async (request) => {
    const user = currentUser(request);
    // "Maintenance due" counts the lifts the due list shows now, by the same computation (docs/maintenance.md).
    const defaults = app.settings.current().maintenance;
    const today = berlinDay();
    const dueIds = (await maintenance.liftsForDue(user, undefined, { servicemen: false }))
      .filter((lift) => liftMaintenanceDue(lift, defaults, today).status !== 'ok')
      .map((lift) => lift.id);
    return lifts.summary(liftScopeCondition(user), request.query.range, dueIds);
  });

  app.serve(liftsApi.get, async (request) => {
    const lift = await loadLift(db, request.params.id, liftScopeCondition(currentUser(request)));
    if (!lift) throw notFound(MSG.liftNotFound);
    return lift;
  });

  app.serve(liftsApi.register, async (request) => {
    const input = request.body;
    await check(input);
    const { deviceKey, hash } = newDeviceKey();
    const id = await lifts.insert(input, hash).catch((error: unknown) => duplicateOr(error, input));
    const lift = await loadLift(db, id);
    if (!lift) throw notFound(MSG.liftNotFound);
    notify([id]);
    await app.devices.keyIssued(lift.imei, deviceKey);
    return { ...lift, deviceKey };
  });

  app.serve(liftsApi.update, async (request, reply) => {
    const { id } = request.params;
    const { baseVersion, customers, servicemen, ...changes } = request.body;
    const scope = liftScopeCondition(currentUser(request));
    const before = await loadLift(db, id, scope);
    if (!before) throw notFound(MSG.liftNotFound);
    if (baseVersion !== undefined && baseVersion !== before.version) {
      return staleVersion(reply, before);
    }
    await check({ ...changes, customers, servicemen }, id, before);
    const reassigning = customers !== undefined || servicemen !== undefined;
    const seersBefore = reassigning ? (await userIdsWhoSeeLifts(db, [id])).get(id) : undefined;
    const updated = await lifts
      .update(id, changes, { customers, servicemen }, baseVersion)
      .catch((error: unknown) => duplicateOr(error, changes, id));
    const current = await loadLift(db, id, scope);
    if (!current) throw notFound(MSG.liftNotFound);
    if (updated === null) return staleVersion(reply, current);
    notify([id], current.imei !== before.imei ? [before.imei] : []);
    if (seersBefore) {
      const seersAfter = new Set((await userIdsWhoSeeLifts(db, [id])).get(id));
      const lostSight = seersBefore.filter((userId) => !seersAfter.has(userId));
      if (lostSight.length > 0) app.liveLifts.removed(id, lostSight, { deleted: false });
      // Sharing a lift lets a customer and a service man see each other (docs/access.md#chat-contacts).
      app.presence.scopeChanged();
    }
    return current;
  });

  app.serve(liftsApi.remove, async (request) => {
    const seers = await userIdsWhoSeeLifts(db, request.body.ids);
    const removed = await lifts.tombstone(request.body.ids, liftScopeCondition(currentUser(request)));
    notify(
      [],
      removed.map((row) => row.imei),
    );
    for (const { id } of removed) app.liveLifts.removed(id, seers.get(id) ?? [], { deleted: true });
    return { message: MSG.deleted, count: removed.length };
  });

  app.serve(liftsApi.rotateDeviceKey, async (request) => {
    const { deviceKey, hash } = newDeviceKey();
    const row = await lifts.setDeviceKeyHash(
      request.params.id,
      liftScopeCondition(currentUser(request)),
      hash,
    );
    if (!row) throw notFound(MSG.liftNotFound);
    notify([], [row.imei]);
    await app.devices.keyIssued(row.imei, deviceKey);
    return { deviceKey };
  });
};
