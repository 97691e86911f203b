import type { FastifyPluginAsync } from 'fastify';
import { ALARM_MSG } from '../../../contract/alarm-messages';
import { outboxApi } from '../../../contract/api/outbox';
import { OUTBOX_MSG } from '../../../contract/outbox-messages';
import { hasRole } from '../../../contract/roles';
import { HttpError } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { createAlarmsRepository } from '../alarms/alarms.repository';

/** The admin's view of the outbox and an alarm's deliveries (docs/outbox.md#seen). */
export const outboxRoutes: FastifyPluginAsync = async (app) => {
  const { repository } = app.outbox;
  const alarms = createAlarmsRepository(app.db);

  app.serve(outboxApi.list, async (request) => {
    const [listed, counts] = await Promise.all([repository.list(request.query), repository.counts()]);
    return { ...listed, counts };
  });

  app.serve(outboxApi.retry, async (request) => {
    const row = await repository.sendAgain(request.params.id);
    if (row === undefined) throw new HttpError(404, OUTBOX_MSG.messageNotFound);
    if (row === null) {
      // Sent, or still under way: an Idempotency-Key's repeat answers the first result instead.
      throw new HttpError(409, OUTBOX_MSG.onlyFailedAgain);
    }
    app.outbox.wake();
    return row;
  });

  // Scoped like the alarm; a user who is not an admin sees others' addresses as their names only.
  app.serve(outboxApi.alarmDeliveries, async (request) => {
    const user = currentUser(request);
    const alarm = await alarms.findInScope(request.params.id, user);
    if (!alarm) throw new HttpError(404, ALARM_MSG.alarmNotFound);
    const admin = hasRole(user.role, 'admin');
    const deliveries = (await repository.ofAlarm(alarm.id)).map(({ item, userId }) =>
      admin || userId === user.id ? item : { ...item, to: '' },
    );
    return { alarmId: alarm.id, deliveries };
  });
};
