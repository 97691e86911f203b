import { useLiveQuery } from 'dexie-react-hooks';
import { alarmsApi } from '../../../contract/api/alarms';
import type { Alarm, AlarmListItem, AlarmState } from '../../../contract/schemas/alarm';
import { call } from '../../data/api/http';
import { useApiQuery } from '../../data/api/use-api';
import type { MirrorDb } from '../../data/mirror/mirror-db';
import { enqueueChange, outboxCall } from '../../data/mirror/outbox';
import { usePendingOverlay, useReloadWhenSent } from '../../data/mirror/pending-overlay';
import { requestSync } from '../../data/mirror/sync-status';
import { useMirror, useShowsMirror } from '../../data/mirror/use-mirror';
import { getSession } from '../../data/session/session';

export interface AlarmFilter {
  state?: AlarmState;
  liftId?: string;
  code?: number;
  minAgeMinutes?: number;
}

/**
 * The alarms of the user's lifts as the server answers them (or the service worker's cache
 * offline), with the acknowledgements waiting on this device laid on top: an alarm acknowledged
 * offline shows as acknowledged wherever it is listed. When such an acknowledgement has reached
 * the server, the list is asked again and shows the server's state. `null` asks nothing.
 */
export function useAlarms(filter: AlarmFilter | null) {
  const query = useApiQuery(alarmsApi.list, filter && { query: filter });
  useReloadWhenSent('alarm', query.reload);
  const alarms = usePendingOverlay<AlarmListItem>('alarm', query.data?.alarms ?? null);
  return query.data && alarms ? { ...query, data: { ...query.data, alarms } } : query;
}

/**
 * The lift's alarms not yet closed, newest first: from the mirror once it is complete (offline
 * too, with acknowledgements made on this device), else from the API. `reload` refetches the latter.
 */
export function useLiftAlarms(liftId: string) {
  const mirror = useMirror();
  const mirrored = useLiveQuery(
    async () =>
      mirror
        ? (await mirror.alarms.where('liftId').equals(liftId).reverse().sortBy('openedAt')).filter(
            (alarm) => !alarm.closedAt,
          )
        : undefined,
    [mirror, liftId],
  );
  // The API only while there is no mirror to read.
  const open = useAlarms(mirror ? null : { liftId, state: 'open' });
  const acknowledged = useAlarms(mirror ? null : { liftId, state: 'acknowledged' });
  const showsMirror = useShowsMirror(mirror, mirrored, open.data !== null || acknowledged.data !== null);
  if (showsMirror) return { alarms: mirrored ?? [], reload: () => undefined };
  return {
    // Each list has this device's waiting acknowledgements laid on (useAlarms).
    alarms: [...(open.data?.alarms ?? []), ...(acknowledged.data?.alarms ?? [])],
    reload: () => {
      open.reload();
      acknowledged.reload();
    },
  };
}

/**
 * Acknowledges an alarm. With the mirror holding it, through the outbox: shown at once, sent when
 * the server can be reached (offline in the shaft too), exactly once by its key. Otherwise straight
 * to the API; the key makes a retry (a lost answer, a second tap) change nothing twice, and the
 * server answers an alarm acknowledged before as it is.
 */
export async function acknowledgeAlarm(id: string, mirror: MirrorDb | null = null): Promise<Alarm> {
  const mirrored = await mirror?.alarms.get(id);
  if (!mirror || !mirrored) {
    return call(alarmsApi.acknowledge, { params: { id } }, { headers: { 'Idempotency-Key': `ack-${id}` } });
  }
  const patch = {
    acknowledgedAt: new Date().toISOString(),
    acknowledgedBy: getSession().claims?.sub ?? null,
  };
  await enqueueChange(mirror, {
    ...outboxCall(alarmsApi.acknowledge, { params: { id } }),
    entity: 'alarm',
    entityId: id,
    effect: 'patch',
    patch,
  });
  requestSync('user');
  return { ...mirrored, ...patch };
}

/**
 * Acknowledges several alarms at once (a selection, or a whole group of the alarms page); the
 * server leaves out ids outside the user's lifts and answers the alarms as they are now.
 */
export async function acknowledgeAlarms(ids: readonly string[]): Promise<Alarm[]> {
  // A repeat changes nothing: acknowledged alarms answer as they are.
  const answer = await call(alarmsApi.acknowledgeMany, { body: { ids: [...ids] } });
  return answer.alarms;
}
