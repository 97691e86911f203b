import type { ServiceReport } from '../../../contract/schemas/service-report';
import type { ServiceReportRow } from '../../db/schema/service-reports';

/** A report row as the API and the offline mirror show it: the signature's image stays on the server. */
export function toServiceReport(row: ServiceReportRow, authorName: string | null): ServiceReport {
  return {
    id: row.id,
    liftId: row.liftId,
    visitId: row.visitId,
    alarmId: row.alarmId,
    workDone: row.workDone,
    parts: row.parts,
    minutesOnSite: row.minutesOnSite,
    photoUrls: row.photoUrls,
    liftInService: row.liftInService,
    signerName: row.signerName,
    signedAt: row.signedAt.toISOString(),
    pdfUrl: row.pdfFileId ? `/api/files/${row.pdfFileId}/content` : null,
    authorId: row.authorId,
    authorName,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
