import type { FastifyPluginAsync } from 'fastify';
import { ALARM_MSG } from '../../../contract/alarm-messages';
import { alarmsApi } from '../../../contract/api/alarms';
import { pushApi } from '../../../contract/api/push';
import { MSG } from '../../../contract/messages';
import { mayAcknowledgeAlarm } from '../../access/alarms';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { createLiftsRepository } from '../lifts/lifts.repository';
import { writeLog } from '../logs/write-log';
import { createAlarmsRepository } from './alarms.repository';

/** Alarms and the push subscriptions (docs/alarms.md); the alarms' life is in alarms.service.ts. */
export const alarmsRoutes: FastifyPluginAsync = async (app) => {
  const repository = createAlarmsRepository(app.db);
  const lifts = createLiftsRepository(app.db);

  app.serve(alarmsApi.list, async (request) => repository.list(currentUser(request), request.query));

  app.serve(alarmsApi.count, async (request) => ({ open: await repository.countOpen(currentUser(request)) }));

  app.serve(alarmsApi.get, async (request) => {
    const alarm = await repository.getInScope(request.params.id, currentUser(request));
    if (!alarm) throw new HttpError(404, ALARM_MSG.alarmNotFound);
    return alarm;
  });

  app.serve(alarmsApi.acknowledge, async (request) => {
    const user = currentUser(request);
    const found = await repository.findInScope(request.params.id, user);
    if (!found) throw new HttpError(404, ALARM_MSG.alarmNotFound);
    if (!mayAcknowledgeAlarm(user)) throw forbidden();
    const alarm = await repository.acknowledge(found.id, user.id);
    if (!alarm) throw new HttpError(404, ALARM_MSG.alarmNotFound);
    app.liveLifts.alarm([alarm]);
    return alarm;
  });

  // Ids outside the user's lifts are left out, as if they did not exist (no 404 for one of many).
  app.serve(alarmsApi.acknowledgeMany, async (request) => {
    const user = currentUser(request);
    if (!mayAcknowledgeAlarm(user)) throw forbidden();
    const ids = await repository.idsInScope([...new Set(request.body.ids)], user);
    const acknowledged = await repository.acknowledgeMany(ids, user.id);
    if (acknowledged.length > 0) app.liveLifts.alarm(acknowledged);
    return { alarms: acknowledged };
  });

  // The alarm first, so that it never depends on the controller answering; then the controller's
  // own test when it is connected (docs/alarms.md#test-alarm).
  app.serve(alarmsApi.test, async (request) => {
    const lift = await lifts.findLive(request.params.id);
    if (!lift) throw notFound();
    const alarm = await app.alarms.openTest(lift.id);
    const controller = await app.devices.sendCommand(lift.imei, { name: 'testAlarm' });
    await writeLog(app.db, {
      level: 'info',
      source: 'device',
      event: 'alarm.test',
      message: 'Test alarm opened',
      liftId: lift.id,
      imei: lift.imei,
      details: { alarmId: alarm.id, controller, by: currentUser(request).id },
    });
    return { alarm, controller };
  });

  app.serve(alarmsApi.lineTest, async (request) => {
    if (!(await repository.liftInScope(request.params.id, currentUser(request)))) {
      throw new HttpError(404, MSG.liftNotFound);
    }
    return app.alarms.lineTest(request.params.id);
  });

  app.serve(pushApi.key, async () => ({ publicKey: app.push.publicKey }));

  // `ok: false`: the endpoint is another user's and stays his.
  app.serve(pushApi.subscribe, async (request) => {
    if (!(await app.push.mayPushTo(request.body.endpoint))) {
      throw new HttpError(400, ALARM_MSG.pushEndpointRefused, { endpoint: ALARM_MSG.pushEndpointRefused });
    }
    return { ok: await repository.subscribe(currentUser(request).id, request.body) };
  });

  app.serve(pushApi.unsubscribe, async (request) => ({
    ok: await repository.unsubscribe(currentUser(request).id, request.body.endpoint),
  }));
};
