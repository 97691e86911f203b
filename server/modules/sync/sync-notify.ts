import type { FastifyInstance } from 'fastify';
import type { MirroredTablesOf } from '../../../contract/mirrored-tables';
import { userIdsWhoSeeLifts } from '../../access/lifts';
import { afterCommit } from '../../db/request-transaction';
import { STAFF_ROOM, userRoom } from '../../realtime/rooms';

/**
 * Tells the online users who see these lifts (and staff) to pull their messages, files or alarms:
 * they changed in a way no `lift:message` carries (readings deleted, files added or deleted,
 * maintenance visits recorded). Each user
 * is named only the lifts he sees. Runs after the change committed, so their pull finds it; a
 * failure only delays their next pull.
 */
export function askLiftSeersToPull(
  app: FastifyInstance,
  liftIds: readonly string[],
  entity: MirroredTablesOf<'liftChild'> = 'messages',
): void {
  afterCommit(() => tellLiftSeers(app, liftIds, entity));
}

function tellLiftSeers(
  app: FastifyInstance,
  liftIds: readonly string[],
  entity: MirroredTablesOf<'liftChild'>,
) {
  if (liftIds.length === 0) return;
  const unique = [...new Set(liftIds)];
  // Who is online on any process (docs/scaling.md#who-is-online), not only on this one.
  app.presence
    .audience()
    .then(async (online) => {
      if (online.userIds.size === 0) return;
      const seers = await userIdsWhoSeeLifts(app.db, unique);
      if (online.staff) app.io.to(STAFF_ROOM).emit('reload', { entity, liftIds: unique });
      const perUser = new Map<string, string[]>();
      for (const [liftId, userIds] of seers) {
        for (const id of userIds) perUser.set(id, [...(perUser.get(id) ?? []), liftId]);
      }
      for (const [userId, seen] of perUser) {
        // Staff heard it already, with every lift.
        if (online.userIds.has(userId)) {
          app.io.to(userRoom(userId)).except(STAFF_ROOM).emit('reload', { entity, liftIds: seen });
        }
      }
    })
    .catch((error: unknown) => app.log.warn({ err: error }, 'sync reload for lift seers failed'));
}

/** Every signed-in user mirrors the descriptions, the base data and the settings: all of them pull. */
export function askEveryoneToPull(
  app: FastifyInstance,
  entity: MirroredTablesOf<'everyone'> | 'settings' = 'descriptions',
): void {
  afterCommit(() => app.io.emit('reload', { entity }));
}
