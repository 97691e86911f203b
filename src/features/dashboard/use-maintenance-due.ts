import { useLiveQuery } from 'dexie-react-hooks';
import type { AnswerOf } from '../../../contract/api/endpoint';
import { maintenanceApi } from '../../../contract/api/maintenance';
import { berlinDay, lastVisitOf, maintenanceDueList } from '../../../contract/maintenance';
import type { MaintenanceVisit } from '../../../contract/schemas/maintenance';
import type { ApiRequestError } from '../../data/api/api-error';
import { useApiQuery } from '../../data/api/use-api';
import { useMirror, useMirrorSettings, useShowsMirror } from '../../data/mirror/use-mirror';

export type MaintenanceDueList = AnswerOf<typeof maintenanceApi.due>;

/**
 * The lifts overdue or due within the notice days (docs/maintenance.md): from the mirror once it is
 * complete, so a service man has his due list offline, computed by the same function as the
 * server's `GET /maintenance/due` (contract/maintenance.ts); from the API before that.
 */
export function useMaintenanceDue(): { list: MaintenanceDueList | null; error?: ApiRequestError | null } {
  const mirror = useMirror();
  const settings = useMirrorSettings(mirror);
  const mirrored = useLiveQuery(async () => {
    if (!mirror) return undefined;
    const [lifts, visits] = await Promise.all([mirror.lifts.toArray(), mirror.visits.toArray()]);
    const byLift = new Map<string, MaintenanceVisit[]>();
    for (const visit of visits) byLift.set(visit.liftId, [...(byLift.get(visit.liftId) ?? []), visit]);
    return lifts.map((lift) => ({ ...lift, lastVisit: lastVisitOf(byLift.get(lift.id) ?? []) }));
  }, [mirror]);
  const fromApi = useApiQuery(maintenanceApi.due, mirror ? null : { query: {} });
  const showsMirror = useShowsMirror(
    mirror,
    mirrored && settings ? mirrored : undefined,
    fromApi.data !== null,
  );
  if (!showsMirror) {
    return { list: fromApi.data ?? null, error: fromApi.status === 'failed' ? fromApi.error : null };
  }
  if (!mirrored || !settings) return { list: null };
  const today = berlinDay();
  const { noticeDays } = settings.maintenance;
  const items = maintenanceDueList(mirrored, settings.maintenance, today).map(({ subject: lift, due }) => {
    const names = new Map(lift.assignedUsers.map((user) => [user.id, user.displayName]));
    return {
      liftId: lift.id,
      uid: lift.uid,
      address: lift.address,
      ...due,
      lastVisitOn: lift.lastVisit?.visitedOn ?? null,
      servicemen: lift.servicemen.map((id) => ({ id, displayName: names.get(id) ?? '—' })),
    };
  });
  return { list: { today, noticeDays, items } };
}
