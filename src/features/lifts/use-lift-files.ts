import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { pathOf } from '../../../contract/api/endpoint';
import { filesApi } from '../../../contract/api/files';
import type { LiftFile } from '../../../contract/schemas/file';
import { isApiRequestError } from '../../data/api-error';
import { openFile } from '../../data/file-cache';
import { api, call } from '../../data/http';
import type { MirrorDb, UploadEntry } from '../../data/mirror/mirror-db';
import { useMirrorState } from '../../data/mirror/sync-status';
import { uidOfRef } from '../../data/mirror/uploads';
import { useMirror } from '../../data/mirror/use-mirror';
import { useSocketEvent } from '../../data/socket';
import { useApiQuery } from '../../data/use-api';

const newestFirst = (a: LiftFile, b: LiftFile) => b.createdAt.localeCompare(a.createdAt);

/**
 * A lift's files: from the mirror once it is complete (offline too), else from the API, refetched
 * when the server says they changed. With the uploads still on their way from this device.
 */
export function useLiftFiles(liftId: string) {
  const mirror = useMirror();
  const { db: openDb } = useMirrorState();
  const mirrored = useLiveQuery(
    async () =>
      mirror ? (await mirror.files.where('liftId').equals(liftId).toArray()).sort(newestFirst) : null,
    [mirror, liftId],
  );
  const fetched = useApiQuery(filesApi.byLift, mirror ? null : { query: { liftId } });
  useSocketEvent('reload', (change) => {
    if (!mirror && change.entity === 'files' && change.liftIds.includes(liftId)) fetched.reload();
  });
  const uploads = useLiveQuery(
    async () =>
      openDb
        ? (await openDb.uploads.where('liftId').equals(liftId).sortBy('seq')).filter(
            (upload) => upload.status !== 'done',
          )
        : [],
    [openDb, liftId],
  );
  return {
    files: mirror ? (mirrored ?? null) : (fetched.data?.files ?? null),
    failed: !mirror && fetched.status === 'failed' ? fetched.error : undefined,
    uploads: uploads ?? ([] as UploadEntry[]),
    /** After a change the API answered, when no mirror follows the server. */
    reload: () => (mirror ? undefined : fetched.reload()),
  };
}

export const deleteLiftFile = (id: string) => call(filesApi.remove, { params: { id } });

/** An object URL for a Blob while the component shows it. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

export type FileBytes =
  | { status: 'loading' }
  | { status: 'ready'; blob: Blob }
  /** Not on this device, and no network to fetch it. */
  | { status: 'notKept' }
  | { status: 'failed'; message: string };

/** The id in a lift file's content path (`/api/files/<id>/content`), as a note's link names it. */
export function fileIdOfUrl(url: string): string | null {
  return /^\/api\/files\/([0-9a-f-]{36})\/content$/i.exec(url)?.[1] ?? null;
}

async function loadBytes(db: MirrorDb | null, target: LiftFile | string): Promise<Blob> {
  if (typeof target !== 'string') {
    if (db) return openFile(db, target);
    return api.get(pathOf(filesApi.content, { id: target.id }), { retry: 0 }).blob();
  }
  const uid = uidOfRef(target);
  if (uid) {
    const upload = await db?.uploads.get(uid);
    if (upload?.blob) return upload.blob;
    // Stored meanwhile: its file.
    if (upload?.fileId) return loadBytes(db, `/api/files/${upload.fileId}/content`);
    throw new Error('upload gone');
  }
  const id = fileIdOfUrl(target);
  const file = id ? await db?.files.get(id) : undefined;
  if (file) return loadBytes(db, file);
  if (!id) throw new Error('not a file of the portal');
  return api.get(pathOf(filesApi.content, { id }), { retry: 0 }).blob();
}

/**
 * The bytes of a lift file, a note's photo (`/api/files/<id>/content`) or a photo still waiting to
 * be uploaded (`upload:<uid>`): from the device when kept, else from the server.
 */
export function useFileBytes(target: LiftFile | string | null): FileBytes {
  const { db } = useMirrorState();
  const [state, setState] = useState<FileBytes>({ status: 'loading' });
  const key = target === null ? null : typeof target === 'string' ? target : target.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the target
  useEffect(() => {
    if (target === null) return;
    let live = true;
    setState({ status: 'loading' });
    loadBytes(db, target).then(
      (blob) => live && setState({ status: 'ready', blob }),
      (error: unknown) => {
        if (!live) return;
        if (!navigator.onLine || (isApiRequestError(error) && error.status === 0))
          setState({ status: 'notKept' });
        else
          setState({ status: 'failed', message: isApiRequestError(error) ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [db, key]);
  return state;
}
