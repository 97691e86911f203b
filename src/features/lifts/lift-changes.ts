import { liftsApi } from '../../../contract/api/lifts';
import { messagesApi } from '../../../contract/api/messages';
import type { Lift, LiftInput } from '../../../contract/schemas/lift';
import type { Message, NoteEntry } from '../../../contract/schemas/message';
import { call } from '../../data/api/http';
import type { MirrorDb } from '../../data/mirror/mirror-db';
import { enqueueChange, newIdempotencyKey, outboxCall } from '../../data/mirror/outbox';
import { requestSync } from '../../data/mirror/sync-status';
import { getSession } from '../../data/session/session';
import { deleteLifts, updateLift } from './lifts-api';

/**
 * The lift screens' writes. With a mirror they go through the outbox (shown at once, sent when the
 * server can be reached, docs/sync.md); without one straight to the API as before.
 */
export async function saveLiftChanges(
  db: MirrorDb | null,
  lift: Lift,
  fields: Partial<LiftInput>,
): Promise<Lift | null> {
  if (!db) return updateLift(lift.id, { ...fields, baseVersion: lift.version });
  await enqueueChange(db, {
    ...outboxCall(liftsApi.update, {
      params: { id: lift.id },
      body: { ...fields, baseVersion: lift.version },
    }),
    baseVersion: lift.version,
    entity: 'lift',
    entityId: lift.id,
    effect: 'patch',
  });
  requestSync('user');
  return null;
}

export async function removeLifts(db: MirrorDb | null, ids: string[]): Promise<void> {
  if (!db) {
    await deleteLifts(ids);
    return;
  }
  for (const id of ids) {
    await enqueueChange(db, {
      ...outboxCall(liftsApi.remove, { body: { ids: [id] } }),
      entity: 'lift',
      entityId: id,
      effect: 'delete',
    });
  }
  requestSync('user');
}

/** What the author writes in a note entry. */
export interface NoteDraft {
  text: string;
  urls: string[];
}

/**
 * A change of the reading's note entries: straight to the API without a mirror; with one through
 * the outbox, the reading's `noteEntries` shown at once as they will be (the server answers the
 * reading with them, which then takes their place).
 */
async function changeNotes(
  db: MirrorDb | null,
  message: Message,
  call: { method: 'POST' | 'PUT'; path: string; body: Record<string, unknown> },
  direct: () => Promise<unknown>,
  noteEntries: NoteEntry[],
): Promise<void> {
  if (!db) {
    await direct();
    return;
  }
  await enqueueChange(db, {
    ...call,
    entity: 'message',
    entityId: message.id,
    effect: 'patch',
    patch: { noteEntries },
  });
  requestSync('user');
}

/** Adds the signed-in user's own entry; its id is chosen here, so a resend adds it once. */
export function addNoteEntry(db: MirrorDb | null, message: Message, draft: NoteDraft): Promise<void> {
  const session = getSession();
  const entry: NoteEntry = {
    id: newIdempotencyKey(),
    authorId: session.claims?.sub ?? null,
    authorName: session.user?.displayName ?? null,
    at: new Date().toISOString(),
    editedAt: null,
    ...draft,
  };
  const request = { params: { messageId: message.id }, body: { year: message.year, id: entry.id, ...draft } };
  return changeNotes(
    db,
    message,
    outboxCall(messagesApi.addNote, request),
    () => call(messagesApi.addNote, request),
    [...message.noteEntries, entry],
  );
}

/** Changes the user's own entry (the server refuses anyone else's). */
export function editNoteEntry(db: MirrorDb | null, message: Message, entry: NoteEntry, draft: NoteDraft) {
  const request = {
    params: { messageId: message.id, entryId: entry.id },
    body: { year: message.year, ...draft },
  };
  return changeNotes(
    db,
    message,
    outboxCall(messagesApi.editNote, request),
    () => call(messagesApi.editNote, request),
    message.noteEntries.map((other) =>
      other.id === entry.id ? { ...other, ...draft, editedAt: new Date().toISOString() } : other,
    ),
  );
}

/** Removes the user's own entry. */
export function removeNoteEntry(db: MirrorDb | null, message: Message, entry: NoteEntry) {
  const request = { params: { messageId: message.id, entryId: entry.id }, body: { year: message.year } };
  return changeNotes(
    db,
    message,
    outboxCall(messagesApi.removeNote, request),
    () => call(messagesApi.removeNote, request),
    message.noteEntries.filter((other) => other.id !== entry.id),
  );
}
