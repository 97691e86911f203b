import { descriptionsApi } from '../../../contract/api/descriptions';
import type { Description, DescriptionInput } from '../../../contract/schemas/description';
import { call } from '../../data/api/http';
import type { MirrorDb } from '../../data/mirror/mirror-db';
import { enqueueChange, LOCAL_ID_PREFIX, newIdempotencyKey, outboxCall } from '../../data/mirror/outbox';
import { requestSync } from '../../data/mirror/sync-status';

/**
 * Writes of the catalogue screen: through the outbox when a mirror exists (shown at once, sent
 * when the server can be reached), else straight to the API.
 */
export async function saveDescription(
  db: MirrorDb | null,
  description: Description | null,
  values: DescriptionInput,
): Promise<void> {
  if (!db) {
    if (description) await call(descriptionsApi.update, { params: { id: description.id }, body: values });
    else await call(descriptionsApi.register, { body: values });
    return;
  }
  if (description) {
    await enqueueChange(db, {
      ...outboxCall(descriptionsApi.update, {
        params: { id: description.id },
        body: { ...values, baseVersion: description.version },
      }),
      baseVersion: description.version,
      entity: 'description',
      entityId: description.id,
      effect: 'patch',
    });
  } else {
    const id = `${LOCAL_ID_PREFIX}${newIdempotencyKey()}`;
    await enqueueChange(db, {
      ...outboxCall(descriptionsApi.register, { body: { ...values } }),
      entity: 'description',
      entityId: id,
      effect: 'create',
      row: { id, ...values, version: 0, updatedAt: new Date().toISOString() },
    });
  }
  requestSync('user');
}

export async function removeDescriptions(db: MirrorDb | null, ids: string[]): Promise<void> {
  if (!db) {
    await call(descriptionsApi.remove, { body: { ids } });
    return;
  }
  for (const id of ids) {
    await enqueueChange(db, {
      ...outboxCall(descriptionsApi.remove, { body: { ids: [id] } }),
      entity: 'description',
      entityId: id,
      effect: 'delete',
    });
  }
  requestSync('user');
}
