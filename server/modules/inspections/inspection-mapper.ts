import type { Defect, Inspection } from '../../../contract/schemas/inspection';
import type { DefectRow, InspectionRow } from '../../db/schema/inspections';
import { liftFileContentPath } from '../files/file-mapper';

/** An inspection row as the API and the offline mirror show it, with the name of whoever recorded it. */
export function toInspection(row: InspectionRow, recordedByName: string | null): Inspection {
  return {
    id: row.id,
    liftId: row.liftId,
    inspectedOn: row.inspectedOn,
    kind: row.kind as Inspection['kind'],
    body: row.body,
    inspector: row.inspector,
    result: row.result as Inspection['result'],
    reportFileId: row.reportFileId,
    reportUrl: row.reportFileId ? liftFileContentPath(row.reportFileId) : null,
    recordedBy: row.recordedBy,
    recordedByName,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A defect row as the API and the offline mirror show it, with the name of whoever fixed it. */
export function toDefect(row: DefectRow, fixedByName: string | null): Defect {
  return {
    id: row.id,
    inspectionId: row.inspectionId,
    liftId: row.liftId,
    text: row.text,
    deadline: row.deadline,
    fixedAt: row.fixedAt?.toISOString() ?? null,
    fixedBy: row.fixedBy,
    fixedByName,
    fixNote: row.fixNote,
    fixPhotoUrls: row.fixPhotoUrls,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
