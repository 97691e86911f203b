import type { FastifyInstance } from 'fastify';
import { SYNC_RELOAD_ENTITY } from '../../../contract/schemas/sync';
import { STAFF_ROOM, userRoom } from '../../realtime/rooms';
import { userIdsWhoSeeLifts } from '../../access/lifts';

const RELOAD = { entity: SYNC_RELOAD_ENTITY };

/**
 * Tells the online users who see these lifts (and staff) to pull: their messages changed in a way
 * no `lift` event carries. Runs after the answer; a failure only delays their next pull.
 */
export function askLiftSeersToPull(app: FastifyInstance, liftIds: readonly string[]): void {
  if (liftIds.length === 0 || app.io.sockets.sockets.size === 0) return;
  userIdsWhoSeeLifts(app.db, [...new Set(liftIds)])
    .then((seers) => {
      const rooms = new Set([STAFF_ROOM]);
      for (const userIds of seers.values()) for (const id of userIds) rooms.add(userRoom(id));
      app.io.to([...rooms]).emit('reload', RELOAD);
    })
    .catch((error: unknown) => app.log.warn({ err: error }, 'sync reload for lift seers failed'));
}

/** Every signed-in user mirrors the descriptions: all of them pull. */
export function askEveryoneToPull(app: FastifyInstance): void {
  app.io.emit('reload', RELOAD);
}
