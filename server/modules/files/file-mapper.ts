import type { LiftFile } from '../../../contract/schemas/file';
import type { LiftFileRow } from '../../db/schema/files';

/** A lift file row as the API and the mirror show it, with the name of whoever added it. */
export function toLiftFile(row: LiftFileRow, addedByName: string | null): LiftFile {
  return {
    id: row.id,
    uid: row.uid,
    liftId: row.liftId,
    name: row.name,
    size: row.size,
    type: row.type,
    url: row.url,
    stored: row.blobName !== null,
    addedBy: row.addedBy,
    addedByName,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Where the portal serves a stored lift file's bytes (docs/files.md#urls). */
export const liftFileContentPath = (id: string) => `/api/files/${id}/content`;
