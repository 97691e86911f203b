import { useLiveQuery } from 'dexie-react-hooks';
import { filesApi } from '../../../contract/api/files';
import type { LiftFile } from '../../../contract/schemas/file';
import { call } from '../../data/api/http';
import { useApiQuery } from '../../data/api/use-api';
import type { UploadEntry } from '../../data/mirror/mirror-db';
import { useOpenMirror } from '../../data/mirror/sync-status';
import { useMirror, useShowsMirror } from '../../data/mirror/use-mirror';
import { useSocketEvent } from '../../data/session/socket';

const newestFirst = (a: LiftFile, b: LiftFile) => b.createdAt.localeCompare(a.createdAt);

/**
 * A lift's files: from the mirror once it is complete (offline too), else from the API, refetched
 * when the server says they changed. With the uploads still on their way from this device.
 */
export function useLiftFiles(liftId: string) {
  const mirror = useMirror();
  const openDb = useOpenMirror();
  const mirrored = useLiveQuery(
    async () =>
      mirror ? (await mirror.files.where('liftId').equals(liftId).toArray()).sort(newestFirst) : undefined,
    [mirror, liftId],
  );
  const fetched = useApiQuery(filesApi.byLift, mirror ? null : { query: { liftId } });
  const showsMirror = useShowsMirror(mirror, mirrored, fetched.data !== null);
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
    files: showsMirror ? (mirrored ?? null) : (fetched.data?.files ?? null),
    failed: !showsMirror && fetched.status === 'failed' ? fetched.error : undefined,
    uploads: uploads ?? ([] as UploadEntry[]),
    /** After a change the API answered, when no mirror follows the server. */
    reload: () => (mirror ? undefined : fetched.reload()),
  };
}

export const deleteLiftFile = (id: string) => call(filesApi.remove, { params: { id } });
