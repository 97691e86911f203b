import { useEffect, useState } from 'react';
import { pathOf } from '../../../contract/api/endpoint';
import { filesApi } from '../../../contract/api/files';
import type { LiftFile } from '../../../contract/schemas/file';
import { isApiRequestError } from '../api/api-error';
import { api } from '../api/http';
import type { MirrorDb } from '../mirror/mirror-db';
import { useOpenMirror } from '../mirror/sync-status';
import { uidOfRef } from '../mirror/uploads';
import { openFile } from './file-cache';

/**
 * The bytes of lift files and photos for the screen (docs/files.md#offline): the lift's files tab,
 * a note's photos and a maintenance visit's photos all show them through these hooks.
 */

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

/** The id in a lift file's content path (`/api/files/<id>/content`), as a note or a visit names it. */
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
 * The bytes of a lift file, a photo of a note or a visit (`/api/files/<id>/content`) or a photo
 * still waiting to be uploaded (`upload:<uid>`): from the device when kept, else from the server.
 */
export function useFileBytes(target: LiftFile | string | null): FileBytes {
  const db = useOpenMirror();
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
