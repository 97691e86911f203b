import { afterEach, describe, expect, it } from 'vitest';
import type { LiftFile } from '../../../contract/schemas/file';
import type { MirrorDb, UploadEntry } from './mirror-db';
import { aLift, aMessage, aPage, testMirror } from './mirror-fixtures';
import { enqueueChange, replayOutbox, type SendResult } from './outbox';
import { applyPullPage } from './pull';
import { dropUpload, queueUpload, resolveUploadRefs, sendUploads, uploadRef } from './uploads';

let db: MirrorDb;
afterEach(async () => {
  await db.delete();
});

const AT = '2026-11-20T10:00:00.000Z';

async function mirrorWithLift() {
  db = testMirror();
  await applyPullPage(db, aPage({ lifts: [aLift('lift-1')], messages: [aMessage('m1', 'lift-1', AT)] }));
}

const photo = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

function storedFile(upload: UploadEntry, id = 'file-1'): LiftFile {
  return {
    id,
    uid: upload.uid,
    liftId: upload.liftId,
    name: upload.name,
    size: upload.size,
    type: upload.type,
    url: `/api/files/${id}/content`,
    stored: true,
    addedBy: null,
    addedByName: null,
    createdAt: AT,
    version: 1,
    updatedAt: AT,
  };
}

describe('uploads', () => {
  it('sends the same uid again after a cut-off attempt, and stores the file once it is taken', async () => {
    await mirrorWithLift();
    const uid = await queueUpload(db, { liftId: 'lift-1', blob: photo(), name: 'door.png' });
    const sentUids: string[] = [];
    let attempt = 0;
    const send = async (upload: UploadEntry): Promise<SendResult> => {
      sentUids.push(upload.uid);
      attempt++;
      return attempt === 1 ? { kind: 'retry', unreachable: true } : { kind: 'ok', body: storedFile(upload) };
    };
    let now = Date.now();
    const first = await sendUploads(db, send, undefined, () => now);
    expect(first.sent).toBe(0);
    expect(first.nextAttemptAt).toBeGreaterThan(now);
    now = first.nextAttemptAt ?? now;
    const second = await sendUploads(db, send, undefined, () => now);
    expect(second).toMatchObject({ sent: 1, delivered: 1, nextAttemptAt: null });
    expect(sentUids).toEqual([uid, uid]);
    expect(await db.files.get('file-1')).toMatchObject({ uid, liftId: 'lift-1' });
    // Done: its bytes leave the device; nothing is sent again.
    expect((await db.uploads.get(uid))?.blob).toBeUndefined();
    expect((await sendUploads(db, send, undefined, () => now)).sent).toBe(0);
    expect(sentUids).toHaveLength(2);
  });

  it('marks an upload the server refuses as failed, with its reason, and leaves the others going', async () => {
    await mirrorWithLift();
    const refused = await queueUpload(db, { liftId: 'lift-1', blob: photo(), name: 'virus.exe' });
    const fine = await queueUpload(db, { liftId: 'lift-1', blob: photo(), name: 'door.png' });
    const send = async (upload: UploadEntry): Promise<SendResult> =>
      upload.uid === refused
        ? { kind: 'failed', message: 'Only PDF, JPEG, PNG or GIF files are allowed' }
        : { kind: 'ok', body: storedFile(upload, 'file-2') };
    await sendUploads(db, send);
    expect(await db.uploads.get(refused)).toMatchObject({
      status: 'failed',
      error: 'Only PDF, JPEG, PNG or GIF files are allowed',
    });
    expect(await db.uploads.get(fine)).toMatchObject({ status: 'done', fileId: 'file-2' });
  });
});

describe('notes naming photos', () => {
  it('holds a note back until its photo is stored, then sends it with the file URL', async () => {
    await mirrorWithLift();
    const uid = await queueUpload(db, { liftId: 'lift-1', blob: photo(), name: 'door.png' });
    await enqueueChange(db, {
      method: 'PUT',
      path: 'messages/m1',
      body: {
        year: 2026,
        isNotes: true,
        notes: { title: 'Tür', notes: '', urls: [uploadRef(uid)] },
        baseVersion: 1,
      },
      entity: 'message',
      entityId: 'm1',
      effect: 'patch',
      baseVersion: 1,
    });
    const bodies: unknown[] = [];
    const send = async (entry: { body: unknown }): Promise<SendResult> => {
      bodies.push(entry.body);
      return { kind: 'ok', body: null };
    };
    const prepare = (body: Record<string, unknown>) => resolveUploadRefs(db, body);

    const waiting = await replayOutbox(db, send, Date.now, prepare);
    expect(waiting.sent).toBe(0);
    expect(bodies).toHaveLength(0);

    await sendUploads(db, async (upload) => ({ kind: 'ok', body: storedFile(upload) }));
    const later = Date.now() + 120_000;
    const sent = await replayOutbox(db, send, () => later, prepare);
    expect(sent.sent).toBe(1);
    expect(bodies[0]).toMatchObject({ notes: { urls: ['/api/files/file-1/content'] } });
  });

  it('drops the mention of a photo the user gave up', async () => {
    await mirrorWithLift();
    const uid = await queueUpload(db, { liftId: 'lift-1', blob: photo(), name: 'door.png' });
    await dropUpload(db, uid);
    expect(await resolveUploadRefs(db, { urls: ['https://docs.example.com/a.pdf', uploadRef(uid)] })).toEqual(
      {
        urls: ['https://docs.example.com/a.pdf'],
      },
    );
  });
});

describe('visits naming photos', () => {
  it('holds a visit recorded offline back until its photo is stored; the server row replaces the local one', async () => {
    await mirrorWithLift();
    const uid = await queueUpload(db, { liftId: 'lift-1', blob: photo(), name: 'shaft.png' });
    const local = {
      id: 'local-v1',
      liftId: 'lift-1',
      visitedOn: '2026-11-20',
      workDone: 'Seile geprüft',
      notes: '',
      photoUrls: [uploadRef(uid)],
      trips: 0,
      operatingHours: 0,
      recordedBy: null,
      recordedByName: null,
      createdAt: AT,
      version: 0,
      updatedAt: AT,
    };
    await enqueueChange(db, {
      method: 'POST',
      path: 'lifts/lift-1/maintenance',
      body: { visitedOn: local.visitedOn, workDone: local.workDone, notes: '', photoUrls: local.photoUrls },
      entity: 'visit',
      entityId: local.id,
      effect: 'create',
      row: local,
    });
    expect((await db.visits.get(local.id))?.photoUrls).toEqual([uploadRef(uid)]);
    const bodies: Record<string, unknown>[] = [];
    const send = async (entry: { body: Record<string, unknown> }): Promise<SendResult> => {
      bodies.push(entry.body);
      return {
        kind: 'ok',
        body: { ...local, id: 'visit-1', photoUrls: entry.body.photoUrls, version: 1 },
      };
    };
    const prepare = (body: Record<string, unknown>) => resolveUploadRefs(db, body);

    expect((await replayOutbox(db, send, Date.now, prepare)).sent).toBe(0);
    await sendUploads(db, async (upload) => ({ kind: 'ok', body: storedFile(upload, 'file-7') }));
    const later = Date.now() + 120_000;
    expect((await replayOutbox(db, send, () => later, prepare)).sent).toBe(1);
    expect(bodies).toEqual([
      {
        visitedOn: '2026-11-20',
        workDone: 'Seile geprüft',
        notes: '',
        photoUrls: ['/api/files/file-7/content'],
      },
    ]);
    expect(await db.visits.get(local.id)).toBeUndefined();
    expect((await db.visits.get('visit-1'))?.photoUrls).toEqual(['/api/files/file-7/content']);
  });
});
