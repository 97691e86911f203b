import { inspectionsApi } from '../../../contract/api/inspections';
import type { Defect } from '../../../contract/schemas/inspection';
import { call } from '../../data/api/http';
import type { MirrorDb } from '../../data/mirror/mirror-db';
import { enqueueChange, outboxCall } from '../../data/mirror/outbox';
import { requestSync } from '../../data/mirror/sync-status';
import { getSession } from '../../data/session/session';

/**
 * Marks a defect fixed. With the mirror holding it, through the outbox: shown at once, sent when the
 * server can be reached (in the shaft too), exactly once by its key. Otherwise straight to the API;
 * the server keeps a defect's first fix, so a second tap changes nothing. Photos are named
 * `upload:<uid>` while they wait on the device: the outbox sends the fix once they are stored, with
 * their file URLs in place (docs/files.md#offline); without a mirror none can be taken.
 */
export async function fixDefect(
  id: string,
  fixNote: string,
  photoUrls: string[],
  mirror: MirrorDb | null,
): Promise<void> {
  const mirrored = await mirror?.defects.get(id);
  if (!mirror || !mirrored) {
    await call(
      inspectionsApi.fix,
      { params: { id }, body: { fixNote, photoUrls } },
      { headers: { 'Idempotency-Key': `fix-${id}` } },
    );
    return;
  }
  const { user, claims } = getSession();
  const patch: Partial<Defect> = {
    fixNote,
    fixPhotoUrls: photoUrls,
    fixedAt: new Date().toISOString(),
    fixedBy: claims?.sub ?? null,
    fixedByName: user?.displayName ?? null,
  };
  await enqueueChange(mirror, {
    ...outboxCall(inspectionsApi.fix, { params: { id }, body: { fixNote, photoUrls } }),
    entity: 'defect',
    entityId: id,
    effect: 'patch',
    patch,
  });
  requestSync('user');
}

/** Closes a fixed defect (admins), through the outbox like its fix when the mirror holds it. */
export async function closeDefect(id: string, mirror: MirrorDb | null): Promise<void> {
  const mirrored = await mirror?.defects.get(id);
  if (!mirror || !mirrored) {
    await call(inspectionsApi.close, { params: { id } }, { headers: { 'Idempotency-Key': `close-${id}` } });
    return;
  }
  await enqueueChange(mirror, {
    ...outboxCall(inspectionsApi.close, { params: { id } }),
    entity: 'defect',
    entityId: id,
    effect: 'patch',
    patch: { closedAt: new Date().toISOString(), closedBy: getSession().claims?.sub ?? null },
  });
  requestSync('user');
}
