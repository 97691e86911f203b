import type { I18n } from '@lingui/core';
import { filesApi } from '../../../contract/api/files';
import { INSPECTION_MSG } from '../../../contract/inspection-messages';
import type { LiftFile } from '../../../contract/schemas/file';
import { isApiRequestError } from '../../data/api/api-error';
import { call } from '../../data/api/http';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { newIdempotencyKey } from '../../data/mirror/outbox';

/** The types an inspection report may have; the server judges the bytes (docs/files.md#content-types). */
export const REPORT_ACCEPT = 'application/pdf,image/jpeg,image/png';

/**
 * A report file the admin picked: its `uid` stays with it, so that sending the form again after a
 * refusal of another field stores the file once (`POST /files/register` answers a repeated uid
 * with its row, docs/files.md#lift-files).
 */
export interface PickedReport {
  file: File;
  uid: string;
  stored: LiftFile | null;
}

export const pickReport = (file: File): PickedReport => ({ file, uid: newIdempotencyKey(), stored: null });

/**
 * Stores the picked report among the lift's files, once; answers its row. Online only: recording
 * an inspection is the office's work (docs/inspections.md).
 */
export async function uploadReport(liftId: string, picked: PickedReport): Promise<LiftFile> {
  if (picked.stored) return picked.stored;
  const body = new FormData();
  body.append('uid', picked.uid);
  body.append('liftId', liftId);
  body.append('file', picked.file, picked.file.name);
  return call(filesApi.register, { body }, { timeout: 120_000 });
}

/**
 * The report field's own error for a failed upload or link (a type the bytes do not show, a file
 * too large, a file refused as the report), translated; null for failures of anything else.
 */
export function reportFieldError(error: unknown, i18n: I18n): string | null {
  if (!isApiRequestError(error)) return null;
  // The lift files' own refusal names GIF too, which a report may not be.
  if (error.status === 415) return translateServerMessage(i18n, INSPECTION_MSG.reportTypeInvalid);
  if (error.status === 413) return translateServerMessage(i18n, error.body.message);
  const field = error.body.fieldErrors?.reportFileId ?? error.body.fieldErrors?.file;
  return field ? translateServerMessage(i18n, String(field)) : null;
}
