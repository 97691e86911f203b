import { useLiveQuery } from 'dexie-react-hooks';
import { baseApi } from '../../contract/api/base';
import type { BaseEntry } from '../../contract/schemas/base';
import { useMirror } from './mirror/use-mirror';
import { useApiQuery } from './use-api';

/**
 * The base data (docs/base-data.md): from the mirror once it is complete, so forms show their
 * labels offline too; from the API before that.
 */
export function useBaseEntries(): BaseEntry[] {
  const mirror = useMirror();
  const mirrored = useLiveQuery(async () => (mirror ? mirror.base.toArray() : null), [mirror]);
  const fetched = useApiQuery(baseApi.list, mirror ? null : {});
  return mirror ? (mirrored ?? []) : (fetched.data?.entries ?? []);
}
