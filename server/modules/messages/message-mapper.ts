import { isNoteLink, type Message, type NoteEntry } from '../../../contract/schemas/message';
import type { MessageNoteRow, MessageRow } from '../../db/schema/messages';

/** A note entry as the API shows it, with its author's display name (null: none known). */
export function toNoteEntry(row: MessageNoteRow, authorName: string | null): NoteEntry {
  return {
    id: row.id,
    authorId: row.authorId,
    authorName,
    at: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    text: row.text,
    urls: safeLinks(row.urls),
  };
}

/**
 * The API view of a message row, as lists, note writes and sync pull answer it, with its note
 * entries oldest first (none for a reading just stored).
 */
export function toMessage(row: MessageRow, noteEntries: NoteEntry[] = []): Message {
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
    noteEntries,
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
