import type { LiftFile } from '../../../contract/schemas/file';
import { DAY_MS } from '../../../contract/time';
import type { MirrorDb, UploadEntry } from './mirror-db';
import { backoffMs, newIdempotencyKey, type SendResult } from './outbox';

/**
 * Files and photos on their way to the server (docs/files.md#offline). Each waits in the mirror as
 * a Blob under its own `uid` until `POST /api/files/register` stored it; a retry sends the same
 * `uid`, which the server answers with the stored row, so an upload cut off in the middle is never
 * stored twice. Notes name a waiting photo as `upload:<uid>` and are sent only once it is stored.
 */

/** How a note names a photo that is not uploaded yet. */
export const UPLOAD_REF_PREFIX = 'upload:';
export const uploadRef = (uid: string) => `${UPLOAD_REF_PREFIX}${uid}`;
export const uidOfRef = (value: string) =>
  value.startsWith(UPLOAD_REF_PREFIX) ? value.slice(UPLOAD_REF_PREFIX.length) : null;

/** Stored uploads are forgotten after a week: notes made before then were long sent. */
const DONE_KEPT_MS = 7 * DAY_MS;

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Queues a file for a lift; answers its `uid`. */
export async function queueUpload(
  db: MirrorDb,
  input: { liftId: string; blob: Blob; name: string },
  now = Date.now(),
): Promise<string> {
  const uid = newIdempotencyKey();
  await db.transaction('rw', db.uploads, async () => {
    const last = await db.uploads.orderBy('seq').last();
    await db.uploads.add({
      uid,
      seq: (last?.seq ?? 0) + 1,
      liftId: input.liftId,
      name: input.name,
      type: input.blob.type,
      size: input.blob.size,
      blob: input.blob,
      createdAt: new Date(now).toISOString(),
      ...(isOffline() ? { madeOffline: true } : {}),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
    });
  });
  return uid;
}

/** Gives up a failed or waiting upload (the user removes it). */
export async function dropUpload(db: MirrorDb, uid: string): Promise<void> {
  await db.uploads.delete(uid);
}

/** A failed upload is tried again as it is. */
export async function retryUpload(db: MirrorDb, uid: string, now = Date.now()): Promise<void> {
  await db.uploads.update(uid, { status: 'pending', attempts: 0, nextAttemptAt: now, error: undefined });
}

export type UploadSender = (
  upload: UploadEntry & { blob: Blob },
  onProgress: (loaded: number, total: number) => void,
) => Promise<SendResult>;

export interface UploadOutcome {
  sent: number;
  /** Of `sent`, those that had waited (made offline or tried before). */
  delivered: number;
  nextAttemptAt: number | null;
}

/**
 * Sends due uploads oldest first, one at a time (a phone's uplink is narrow). A stored one puts
 * its file row into the mirror and keeps its id and URL for the notes that name it. An unreachable
 * server stops the run.
 */
export async function sendUploads(
  db: MirrorDb,
  send: UploadSender,
  onProgress: (uid: string, loaded: number, total: number) => void = () => {},
  now: () => number = Date.now,
): Promise<UploadOutcome> {
  let sent = 0;
  let delivered = 0;
  for (const listed of await db.uploads.orderBy('seq').toArray()) {
    const upload = await db.uploads.get(listed.uid);
    if (!upload?.blob || upload.status !== 'pending' || upload.nextAttemptAt > now()) continue;
    const attempts = upload.attempts + 1;
    await db.uploads.update(upload.uid, { attempts });
    const result = await send({ ...upload, blob: upload.blob, attempts }, (loaded, total) =>
      onProgress(upload.uid, loaded, total),
    );
    if (result.kind === 'ok') {
      const file = result.body as LiftFile;
      await db.transaction('rw', [db.uploads, db.files, db.lifts], async () => {
        await db.uploads.update(upload.uid, {
          status: 'done',
          blob: undefined,
          fileId: file.id,
          url: file.url,
          error: undefined,
        });
        // Only for a lift the mirror holds; the next pull brings it otherwise.
        if (await db.lifts.get(file.liftId)) await db.files.put(file);
      });
      sent++;
      if (upload.madeOffline || upload.attempts > 0) delivered++;
    } else if (result.kind === 'retry') {
      await db.uploads.update(upload.uid, {
        nextAttemptAt: now() + Math.max(result.retryAfterMs ?? 0, backoffMs(attempts)),
      });
      if (result.unreachable) break;
    } else {
      await db.uploads.update(upload.uid, { status: 'failed', error: result.message });
    }
  }
  await db.uploads
    .where('status')
    .equals('done')
    .filter((upload) => now() - Date.parse(upload.createdAt) > DONE_KEPT_MS)
    .delete();
  const waiting = await db.uploads.where('status').equals('pending').toArray();
  const next = waiting.reduce<number | null>(
    (soonest, upload) =>
      soonest === null || upload.nextAttemptAt < soonest ? upload.nextAttemptAt : soonest,
    null,
  );
  return { sent, delivered, nextAttemptAt: next };
}

/**
 * A change's body with every `upload:<uid>` replaced by the stored file's URL; null while one of
 * them is not stored yet (the change waits). A reference to an upload the user dropped goes.
 */
export async function resolveUploadRefs(
  db: MirrorDb,
  body: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  let waiting = false;
  const uploads = new Map<string, UploadEntry | undefined>();
  const collect = async (value: unknown): Promise<void> => {
    if (typeof value === 'string') {
      const uid = uidOfRef(value);
      if (uid && !uploads.has(uid)) uploads.set(uid, await db.uploads.get(uid));
    } else if (Array.isArray(value)) {
      for (const item of value) await collect(item);
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) await collect(item);
    }
  };
  await collect(body);
  if (uploads.size === 0) return body;
  const replace = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const uid = uidOfRef(value);
      if (!uid) return value;
      const upload = uploads.get(uid);
      if (upload?.status === 'done' && upload.url) return upload.url;
      if (upload) waiting = true;
      return undefined;
    }
    if (Array.isArray(value)) return value.map(replace).filter((item) => item !== undefined);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replace(item)]));
    }
    return value;
  };
  const resolved = replace(body) as Record<string, unknown>;
  return waiting ? null : resolved;
}
