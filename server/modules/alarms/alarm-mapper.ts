import type { Alarm } from '../../../contract/schemas/alarm';
import type { AlarmRow } from '../../db/schema/alarms';

/** An alarm row as the API and the offline mirror show it (only error alarms have a code). */
export function toAlarm(row: AlarmRow): Alarm {
  return {
    id: row.id,
    liftId: row.liftId,
    kind: row.kind,
    code: row.kind === 'error' ? row.code : null,
    name: row.name,
    nameDE: row.nameDE,
    floor: row.floor,
    openedAt: row.openedAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedBy,
    closedAt: row.closedAt?.toISOString() ?? null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
