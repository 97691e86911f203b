import { useLiveQuery } from 'dexie-react-hooks';
import { inspectionsApi } from '../../../contract/api/inspections';
import { inspectionDueList } from '../../../contract/inspection-rules';
import { berlinDay } from '../../../contract/maintenance';
import type { InspectionDueList } from '../../../contract/schemas/inspection';
import type { ApiRequestError } from '../../data/api/api-error';
import { useApiQuery } from '../../data/api/use-api';
import { useMirror, useShowsMirror } from '../../data/mirror/use-mirror';

/**
 * Inspections and defect deadlines overdue or due within `days` across the lifts the user sees
 * (docs/inspections.md#across-lifts): from the mirror once it is complete, so a service man has the
 * list offline, computed by `inspectionDueList` (contract/inspection-rules.ts) as the server's
 * `GET /inspections/due` does; from the API before that. The mirror does not hold a lift's own
 * interval (docs/inspections.md#offline): there its main inspections count with the default one,
 * as contract/today.ts does.
 */
export function useInspectionsDue(days: number): {
  list: InspectionDueList | null;
  error?: ApiRequestError | null;
} {
  const mirror = useMirror();
  const mirrored = useLiveQuery(async () => {
    if (!mirror) return undefined;
    const [lifts, inspections, defects] = await Promise.all([
      mirror.lifts.toArray(),
      mirror.inspections.toArray(),
      mirror.defects.toArray(),
    ]);
    return { lifts, inspections, defects };
  }, [mirror]);
  const fromApi = useApiQuery(inspectionsApi.due, mirror ? null : { query: { days: String(days) } });
  const showsMirror = useShowsMirror(mirror, mirrored, fromApi.data !== null);
  if (!showsMirror) {
    return { list: fromApi.data ?? null, error: fromApi.status === 'failed' ? fromApi.error : null };
  }
  if (!mirrored) return { list: null };
  const today = berlinDay();
  const lifts = new Map(mirrored.lifts.map((lift) => [lift.id, lift]));
  const items = inspectionDueList(
    {
      lifts: mirrored.lifts.map((lift) => ({ id: lift.id, mainEveryMonths: lift.inspectionEveryMonths })),
      inspections: mirrored.inspections,
      defects: mirrored.defects,
    },
    today,
    days,
  ).map((entry) => ({
    ...entry,
    liftUid: lifts.get(entry.liftId)?.uid ?? '—',
    liftAddress: lifts.get(entry.liftId)?.address ?? '',
  }));
  return { list: { today, days, items } };
}
