import type { MaintenanceVisit } from '../../../contract/schemas/maintenance';
import type { MaintenanceVisitRow } from '../../db/schema/maintenance';

/** A visit row as the API and the offline mirror show it, with the name of whoever recorded it. */
export function toMaintenanceVisit(
  row: MaintenanceVisitRow,
  recordedByName: string | null,
): MaintenanceVisit {
  return {
    id: row.id,
    liftId: row.liftId,
    visitedOn: row.visitedOn,
    workDone: row.workDone,
    notes: row.notes,
    photoUrls: row.photoUrls,
    trips: row.trips,
    operatingHours: row.operatingHours,
    recordedBy: row.recordedBy,
    recordedByName,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
