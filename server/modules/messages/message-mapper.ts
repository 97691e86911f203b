import { isNoteLink, type Message } from '../../../contract/schemas/message';
import type { MessageRow } from '../../db/schema/messages';

/** The API view of a message row, as lists, note writes and sync pull answer it. */
export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    year: row.year,
    liftId: row.liftId,
    kind: row.kind,
    code: row.code,
    active: row.active,
    floor: row.floor,
    trips: row.trips,
    operatingHours: row.operatingHours,
    at: row.at.toISOString(),
    isNotes: row.isNotes,
    notes: row.notes && { ...row.notes, urls: safeLinks(row.notes.urls) },
    version: row.version,
  };
}

/**
 * Links stored before notes took only safe ones (contract/schemas/message.ts isNoteLink) are left
 * out of every answer, so no `javascript:` or `data:` link reaches a client.
 */
function safeLinks(urls: unknown): string[] {
  return Array.isArray(urls)
    ? urls.filter((url): url is string => typeof url === 'string' && isNoteLink(url))
    : [];
}
