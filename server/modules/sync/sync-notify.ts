import type { FastifyInstance } from 'fastify';
import { userIdsWhoSeeLifts } from '../../access/lifts';
import { STAFF_ROOM, userRoom } from '../../realtime/rooms';

/**
 * Tells the online users who see these lifts (and staff) to pull their messages, files or alarms:
 * they changed in a way no `lift:message` carries (readings deleted, files added or deleted,
 * maintenance visits recorded). Each user
 * is named only the lifts he sees. Runs after the answer; a failure only delays their next pull.
 */
export function askLiftSeersToPull(
  app: FastifyInstance,
  liftIds: readonly string[],
  entity: 'messages' | 'files' | 'visits' = 'messages',
): void {
  if (liftIds.length === 0 || app.io.sockets.sockets.size === 0) return;
  const unique = [...new Set(liftIds)];
  userIdsWhoSeeLifts(app.db, unique)
    .then((seers) => {
      const rooms = app.io.sockets.adapter.rooms;
      if (rooms.has(STAFF_ROOM)) app.io.to(STAFF_ROOM).emit('reload', { entity, liftIds: unique });
      const perUser = new Map<string, string[]>();
      for (const [liftId, userIds] of seers) {
        for (const id of userIds) perUser.set(id, [...(perUser.get(id) ?? []), liftId]);
      }
      for (const [userId, seen] of perUser) {
        const room = userRoom(userId);
        // Staff heard it already, with every lift.
        if (rooms.has(room)) app.io.to(room).except(STAFF_ROOM).emit('reload', { entity, liftIds: seen });
      }
    })
    .catch((error: unknown) => app.log.warn({ err: error }, 'sync reload for lift seers failed'));
}

/** Every signed-in user mirrors the descriptions, the base data and the settings: all of them pull. */
export function askEveryoneToPull(
  app: FastifyInstance,
  entity: 'descriptions' | 'base' | 'settings' = 'descriptions',
): void {
  app.io.emit('reload', { entity });
}
