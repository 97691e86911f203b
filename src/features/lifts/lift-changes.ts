import { liftsApi } from '../../../contract/api/lifts';
import { messagesApi } from '../../../contract/api/messages';
import type { Lift, LiftInput } from '../../../contract/schemas/lift';
import type { Message, MessageNotes } from '../../../contract/schemas/message';
import type { MirrorDb } from '../../data/mirror/mirror-db';
import { enqueueChange, outboxCall } from '../../data/mirror/outbox';
import { requestSync } from '../../data/mirror/sync-status';
import { deleteLifts, saveMessageNotes, updateLift } from './lifts-api';

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

export async function saveNotes(db: MirrorDb | null, message: Message, notes: MessageNotes): Promise<void> {
  const body = { year: message.year, isNotes: true, notes, baseVersion: message.version };
  if (!db) {
    await saveMessageNotes(message.id, body);
    return;
  }
  await enqueueChange(db, {
    ...outboxCall(messagesApi.saveNotes, { params: { messageId: message.id }, body }),
    baseVersion: message.version,
    entity: 'message',
    entityId: message.id,
    effect: 'patch',
  });
  requestSync('user');
}
