import { useLiveQuery } from 'dexie-react-hooks';
import { alarmsApi } from '../../../contract/api/alarms';
import type { AlarmListItem } from '../../../contract/schemas/alarm';
import { useApiQuery } from '../../data/api/use-api';
import { usePendingRow, useReloadWhenSent } from '../../data/mirror/pending-overlay';
import { useOnline } from '../../data/mirror/sync-status';
import { useMirror } from '../../data/mirror/use-mirror';

/** An alarm with its lift; from the mirror the name of who acknowledged it is not known. */
export type ShownAlarm = Omit<AlarmListItem, 'acknowledgedByName'> & { acknowledgedByName: string | null };

/**
 * One alarm for its page: the API's answer while online (with who acknowledged it), else the
 * mirror's (offline too). An acknowledgement waiting on this device is laid over either; once it
 * reached the server, the API is asked again. `null` once neither has it.
 */
export function useAlarm(id: string) {
  const mirror = useMirror();
  const online = useOnline();
  const mirrored = useLiveQuery(async (): Promise<ShownAlarm | null | undefined> => {
    if (!mirror) return undefined;
    const alarm = await mirror.alarms.get(id);
    if (!alarm) return null;
    const lift = await mirror.lifts.get(alarm.liftId);
    return { ...alarm, liftUid: lift?.uid ?? '', liftAddress: lift?.address ?? '', acknowledgedByName: null };
  }, [mirror, id]);
  const fetched = useApiQuery(alarmsApi.get, online ? { params: { id } } : null);
  useReloadWhenSent('alarm', fetched.reload);
  const source: ShownAlarm | null | undefined =
    fetched.data?.id === id ? fetched.data : (mirrored ?? (fetched.status === 'failed' ? null : undefined));
  const alarm = usePendingRow('alarm', source);
  return {
    alarm,
    error: fetched.status === 'failed' && !mirrored ? fetched.error : null,
    reload: fetched.reload,
  };
}
