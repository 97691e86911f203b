import type { FastifyPluginAsync } from 'fastify';
import { devicesApi } from '../../../contract/api/devices';
import { notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { createLiftsRepository } from '../lifts/lifts.repository';
import { writeLog } from '../logs/write-log';

/** Admin console to controllers: parameters, commands, and (for devs) who is connected. */
export const devicesRoutes: FastifyPluginAsync = async (app) => {
  const lifts = createLiftsRepository(app.db);

  /** Admins and devs see every lift; a missing or deleted one is a 404. */
  async function findLift(id: string) {
    const lift = await lifts.findLive(id);
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

  app.serve(devicesApi.sendParameters, async (request) => {
    const lift = await findLift(request.params.id);
    await lifts.saveParameters(lift.id, request.body);
    app.liftLists.forget();
    app.liveLifts.changed(lift.id);
    const answer = await app.devices.sendParams(lift.imei, request.body);
    await logSent(lift.id, lift.imei, 'device.params', currentUser(request).id, { ...answer });
    return answer;
  });

  app.serve(devicesApi.sendCommand, async (request) => {
    const lift = await findLift(request.params.id);
    const answer = await app.devices.sendCommand(lift.imei, request.body);
    await logSent(lift.id, lift.imei, 'device.command', currentUser(request).id, {
      command: request.body.name,
      ...answer,
    });
    return answer;
  });

  app.serve(devicesApi.connected, () => app.devices.connected());
};
