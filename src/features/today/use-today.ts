import { useLiveQuery } from 'dexie-react-hooks';
import { berlinDay } from '../../../contract/maintenance';
import { type TodayItem, type TodayPendingVisit, todayList } from '../../../contract/today';
import type { MirrorDb } from '../../data/mirror/mirror-db';
import { useMirror, useMirrorSettings } from '../../data/mirror/use-mirror';

/** A service man as the admins' choice on the Today page offers him. */
export interface Serviceman {
  id: string;
  displayName: string;
}

export interface TodayData {
  items: TodayItem[];
  /** The service men of the lifts the mirror holds (for the admins' choice). */
  servicemen: Serviceman[];
}

/**
 * The Today list of `userId` from the mirror (docs/today.md): live, offline too, built by
 * `todayList` (contract/today.ts). Visits still in this device's outbox count only for the one
 * who made them, the signed-in user. Null until the mirror's first sync and answer.
 */
export function useToday(userId: string | null, signedInId: string | null): TodayData | null {
  const mirror = useMirror();
  const settings = useMirrorSettings(mirror);
  const rows = useLiveQuery(async () => (mirror ? readRows(mirror) : undefined), [mirror]);
  if (!rows || !settings || !userId) return null;
  const items = todayList({
    userId,
    ...rows,
    pendingVisits: userId === signedInId ? rows.pendingVisits : [],
    maintenance: settings.maintenance,
    today: berlinDay(),
  });
  return { items, servicemen: rows.servicemen };
}

async function readRows(db: MirrorDb) {
  const [lifts, alarms, visits, inspections, defects, waiting] = await Promise.all([
    db.lifts.toArray(),
    db.alarms.toArray(),
    db.visits.toArray(),
    db.inspections.toArray(),
    db.defects.toArray(),
    db.outbox.filter((entry) => entry.entity === 'visit').toArray(),
  ]);
  const byId = new Map(visits.map((visit) => [visit.id, visit]));
  const pendingVisits: TodayPendingVisit[] = waiting.flatMap((entry) => {
    const visit = byId.get(entry.entityId);
    if (!visit || entry.effect !== 'create') return [];
    return [
      {
        id: visit.id,
        liftId: visit.liftId,
        visitedOn: visit.visitedOn,
        state: entry.status,
        createdAt: entry.createdAt,
      },
    ];
  });
  const servicemen = new Map<string, string>();
  for (const lift of lifts) {
    const names = new Map(lift.assignedUsers.map((user) => [user.id, user.displayName]));
    for (const id of lift.servicemen) servicemen.set(id, names.get(id) ?? servicemen.get(id) ?? '—');
  }
  return {
    lifts,
    alarms,
    visits,
    inspections,
    defects,
    pendingVisits,
    servicemen: [...servicemen]
      .map(([id, displayName]) => ({ id, displayName }))
      .sort((a, b) => a.displayName.localeCompare(b.displayName)),
  };
}
