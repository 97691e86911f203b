import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { DeviceCommandSchema } from '../../../contract/device';
import { ApiErrorSchema } from '../../../contract/errors';
import { LiftParametersSchema } from '../../../contract/parameters';
import { IdParamsSchema } from '../../../contract/schemas/common';
import { ControllerAckResponseSchema } from '../../../contract/schemas/lift';
import { lifts } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import type { ValibotTypeProvider } from '../../plugins/validation';
import { writeLog } from '../logs/write-log';

const bearer = [{ bearerAuth: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ApiErrorSchema]));

const ConnectedControllersSchema = v.array(
  v.object({ imei: v.string(), liftId: v.string(), uid: v.string(), connectedAt: v.string() }),
);

/** Admin console to controllers: parameters, commands, and (for devs) who is connected. */
export const devicesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();
  const adminOnly = { onRequest: [app.authenticate, app.requireRole('admin')] };

  /** Admins and devs see every lift; a missing or deleted one is a 404. */
  async function findLift(id: string) {
    const [lift] = await app.db
      .select({ id: lifts.id, imei: lifts.imei })
      .from(lifts)
      .where(and(eq(lifts.id, id), isNull(lifts.deletedAt)))
      .limit(1);
    if (!lift) throw notFound();
    return lift;
  }

  async function logSent(
    liftId: string,
    imei: string,
    event: string,
    userId: string,
    details: Record<string, unknown>,
  ) {
    await writeLog(app.db, {
      level: details.ok ? 'info' : 'warn',
      source: 'device',
      event,
      message: `Sent ${event.replace('device.', '')} to the controller`,
      liftId,
      imei,
      details: { ...details, by: userId },
    });
  }

  app.post(
    '/lifts/:id/params',
    {
      ...adminOnly,
      schema: {
        tags: ['devices'],
        summary: "Save a lift's parameters and send them to its controller when connected",
        security: bearer,
        params: IdParamsSchema,
        body: LiftParametersSchema,
        response: { 200: ControllerAckResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const lift = await findLift(request.params.id);
      await app.db
        .update(lifts)
        .set({ parameters: request.body, version: sql`${lifts.version} + 1`, updatedAt: sql`now()` })
        .where(eq(lifts.id, lift.id));
      app.devices.liftChanged(lift.id);
      const answer = await app.devices.sendParams(lift.imei, request.body);
      await logSent(lift.id, lift.imei, 'device.params', currentUser(request).id, { ...answer });
      return answer;
    },
  );

  app.post(
    '/lifts/:id/command',
    {
      ...adminOnly,
      schema: {
        tags: ['devices'],
        summary: "Run a command on a lift's controller",
        security: bearer,
        params: IdParamsSchema,
        body: DeviceCommandSchema,
        response: { 200: ControllerAckResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const lift = await findLift(request.params.id);
      const answer = await app.devices.sendCommand(lift.imei, request.body);
      await logSent(lift.id, lift.imei, 'device.command', currentUser(request).id, {
        command: request.body.name,
        ...answer,
      });
      return answer;
    },
  );

  app.get(
    '/devices/connected',
    {
      onRequest: [app.authenticate, app.requireRole('dev')],
      schema: {
        tags: ['devices'],
        summary: 'The controllers connected now (devs)',
        security: bearer,
        response: { 200: ConnectedControllersSchema, ...errors(401, 403) },
      },
    },
    async () => app.devices.connected(),
  );
};
