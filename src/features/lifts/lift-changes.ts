import type { Lift, LiftInput } from '../../../contract/schemas/lift';
import type { Message, MessageNotes } from '../../../contract/schemas/message';
import type { MirrorDb } from '../../data/mirror/mirror-db';
import { enqueueChange } from '../../data/mirror/outbox';
import { requestSync } from '../../data/mirror/sync-status';
import { deleteLifts, saveMessageNotes, updateLift } from './lifts-api';

/**
 * The lift screens' writes. With a mirror they go through the outbox (shown at once, sent when the
 * server can be reached, design §5); without one straight to the API as before.
 */
export async function saveLiftChanges(
  db: MirrorDb | null,
  lift: Lift,
  fields: Partial<LiftInput>,
): Promise<Lift | null> {
  if (!db) return updateLift(lift.id, { ...fields, baseVersion: lift.version });
  await enqueueChange(db, {
    method: 'PUT',
    path: `lifts/${lift.id}`,
    body: { ...fields, baseVersion: lift.version },
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
      method: 'POST',
      path: 'lifts/deleteByIds',
      body: { ids: [id] },
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
    method: 'PUT',
    path: `messages/${message.id}`,
    body,
    baseVersion: message.version,
    entity: 'message',
    entityId: message.id,
    effect: 'patch',
  });
  requestSync('user');
}
