import * as v from 'valibot';
import { EVENT_TYPES } from '../device';
import { MSG } from '../messages';
import { IdSchema, ListQuerySchema } from './common';

export const MESSAGE_KINDS = ['stats', ...EVENT_TYPES] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Where the portal serves its own files; a note may link there without a host. */
const OWN_FILES_PATH = '/api/files/';

/**
 * A link on a note: an `https:` address, or one of the portal's own files. Anything else
 * (`javascript:`, `data:`, plain `http:`) would be a trap for whoever opens the note.
 */
export function isNoteLink(value: string): boolean {
  if (value.startsWith(OWN_FILES_PATH)) return !value.includes('..') && !value.includes('\\');
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export const MessageNotesSchema = v.object({
  title: v.pipe(v.string(), v.trim(), v.maxLength(200, MSG.tooLong)),
  notes: v.pipe(v.string(), v.maxLength(10_000, MSG.tooLong)),
  urls: v.pipe(
    v.array(
      v.pipe(v.string(), v.trim(), v.maxLength(2000, MSG.tooLong), v.check(isNoteLink, MSG.httpsLinksOnly)),
    ),
    v.maxLength(20, MSG.tooLong),
  ),
});

/** What a note entry says: its text, and links and photos (`urls`). */
const noteText = v.pipe(v.string(), v.trim(), v.minLength(1, MSG.required), v.maxLength(10_000, MSG.tooLong));
const noteUrls = MessageNotesSchema.entries.urls;

/**
 * One note on a reading, by its author (docs/telemetry.md#notes). `authorId` null: written before
 * notes had authors, or its author's account was deleted.
 */
export const NoteEntrySchema = v.object({
  id: IdSchema,
  authorId: v.nullable(IdSchema),
  authorName: v.nullable(v.string()),
  at: v.string(),
  editedAt: v.nullable(v.string()),
  text: v.string(),
  urls: v.array(v.string()),
});
export type NoteEntry = v.InferOutput<typeof NoteEntrySchema>;

/** A reading a controller sent, as stored per lift and year (docs/spec-texts.md#entities Message). */
export const MessageSchema = v.object({
  id: IdSchema,
  year: v.number(),
  liftId: IdSchema,
  kind: v.picklist(MESSAGE_KINDS),
  /** For errors and infos: the description number, raised or cleared. */
  code: v.nullable(v.number()),
  active: v.nullable(v.boolean()),
  floor: v.nullable(v.number()),
  trips: v.nullable(v.number()),
  operatingHours: v.nullable(v.number()),
  /** The controller's time of the reading. */
  at: v.string(),
  isNotes: v.boolean(),
  /** The single note readings had before notes became entries; kept for reading, never written. */
  notes: v.nullable(MessageNotesSchema),
  /** The notes on it, oldest first, each with its author. */
  noteEntries: v.array(NoteEntrySchema),
  version: v.number(),
});

const year = v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2200));

/** `PUT /api/messages/{messageId}` */
export const MessageNotesUpdateSchema = v.object({
  year,
  isNotes: v.boolean(),
  notes: MessageNotesSchema,
  baseVersion: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

/** `PUT /api/messages/{messageId}/notes/{entryId}`: the author's new text. */
export const NoteEntryInputSchema = v.object({ year, text: noteText, urls: noteUrls });
/** `POST /api/messages/{messageId}/notes`: a new entry, its id chosen by the client (added once). */
export const NoteEntryCreateSchema = v.object({ ...NoteEntryInputSchema.entries, id: IdSchema });
/** `POST /api/messages/{messageId}/notes/{entryId}/remove` */
export const NoteEntryRemoveSchema = v.object({ year });
export const NoteEntryParamsSchema = v.object({ messageId: IdSchema, entryId: IdSchema });

/** `POST /api/messages/deleteByIds` */
export const MessageDeleteSchema = v.object({
  ids: v.pipe(v.array(IdSchema), v.minLength(1, MSG.required), v.maxLength(1000, MSG.tooLong)),
  year,
});

export const MessageQuerySchema = v.object({
  ...ListQuerySchema.entries,
  liftId: v.optional(IdSchema),
  type: v.optional(v.picklist(MESSAGE_KINDS)),
  code: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, MSG.invalidValue), v.transform(Number))),
  from: v.optional(v.pipe(v.string(), v.isoTimestamp(MSG.invalidValue))),
  to: v.optional(v.pipe(v.string(), v.isoTimestamp(MSG.invalidValue))),
});
export type Message = v.InferOutput<typeof MessageSchema>;
export type MessageNotes = v.InferOutput<typeof MessageNotesSchema>;
/**
 * A page of readings and their count. Over many lifts the server counts up to `MESSAGE_COUNT_CAP`;
 * `countCapped` then says there are more than `count` (docs/telemetry.md#benchmarks).
 */
export const MessageListResponseSchema = v.object({
  messages: v.array(MessageSchema),
  count: v.number(),
  countCapped: v.optional(v.boolean()),
});
export type MessageList = v.InferOutput<typeof MessageListResponseSchema>;

/** `PUT /api/messages/{messageId}` path. */
export const MessageIdParamsSchema = v.object({ messageId: IdSchema });
