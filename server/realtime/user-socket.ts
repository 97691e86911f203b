import { Gauge } from 'prom-client';
import { Server, type Socket } from 'socket.io';
import { hasRole } from '../../contract/roles';
import {
  type ClientToServerEvents,
  type OnlineUser,
  type ServerToClientEvents,
  SOCKET_AUTH_ERROR,
  type UserSocketAuth,
} from '../../contract/socket';
import { definePlugin } from '../lib/define-plugin';
import { type SessionEndReason, sessionIs } from '../plugins/sessions.repository';
import { attachPostgresAdapter } from './postgres-adapter';
import { Presence, PresenceAnnouncer } from './presence';
import { DEVS_ROOM, STAFF_ROOM, sessionRoom, userRoom } from './rooms';

interface UserSocketData {
  user: OnlineUser;
  /** The session of the handshake's token: the socket closes when it ends. */
  sessionId: string;
  /** When the handshake's token expires (epoch ms): the socket must not outlive it. */
  expiresAt: number;
}

/** setTimeout's longest delay; a token living longer is checked again after it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What one process tells the others (through the PostgreSQL adapter; nothing on PGlite). */
interface InterServerEvents {
  /** Sessions ended here: the other processes close their sockets of them the same way. */
  sessionsEnded(rooms: string[], reason: SessionEndReason): void;
}

export type UserSocketServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  UserSocketData
>;
export type UserSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  UserSocketData
>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Socket.io for signed-in users; modules emit `reload` and the like through it, and add their
     * own events with `io.on('connection')` (a socket is in its rooms by then).
     */
    io: UserSocketServer;
    /** Who is online now, on every process (the chat's contact list marks them). */
    presence: Pick<Presence, 'onlineIds' | 'audience' | 'lastAudience'> & {
      /** Who may see whom changed (a company, a lift's people): every online list is told again. */
      scopeChanged(): void;
    };
  }
}

/**
 * Socket.io on the app's own HTTP server (fastify-socket.io does not support Fastify 5), same
 * origin, path `/socket.io`. Users connect to the default namespace with `auth: { token }`.
 */
export const userSocketPlugin = definePlugin('user-socket', async (app) => {
  const io: UserSocketServer = new Server(app.server, { path: '/socket.io', serveClient: false });
  // Several processes on one PostgreSQL: events reach the sockets of every process (docs/scaling.md).
  const closeAdapter = app.databaseUrl
    ? await attachPostgresAdapter(io, app.databaseUrl, app.log)
    : undefined;
  const presence = new Presence(app.db, app.cluster.nodeId);

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as Partial<UserSocketAuth> | undefined)?.token;
    const signed = typeof token === 'string' ? await app.accessTokens.resolve(token).catch(() => null) : null;
    if (!signed) return next(new Error(SOCKET_AUTH_ERROR));
    const { user, session } = signed;
    socket.data.user = { id: user.id, displayName: user.displayName, role: user.role };
    socket.data.sessionId = session.id;
    socket.data.expiresAt = app.jwt.decode<{ exp: number }>(token as string)!.exp * 1000;
    next();
  });

  const reportError = (error: unknown) => app.log.error({ err: error }, 'announcing who is online failed');
  const announcer = new PresenceAnnouncer(io, presence, app.db, reportError);

  // An ended session closes its sockets at once. Ended elsewhere (password change, role change,
  // ...) they are told `logout` first, so the page signs out; a logout of the page itself only
  // closes them, or the page would report its own sign-out as a refused session. Each process
  // closes its own sockets: a broadcast through the adapter reaches local sockets only after its
  // round trip, so `logout` would arrive after the disconnect.
  const closeSessions = (rooms: string[], reason: SessionEndReason) => {
    if (reason !== 'logout') io.local.to(rooms).emit('logout');
    io.local.in(rooms).disconnectSockets(true);
  };
  app.accessTokens.onEnded((sessionIds, reason) => {
    const rooms = sessionIds.map(sessionRoom);
    closeSessions(rooms, reason);
    if (app.cluster.shared) io.serverSideEmit('sessionsEnded', rooms, reason);
  });
  if (app.cluster.shared) io.on('sessionsEnded', closeSessions);

  io.on('connection', (socket) => {
    const { user, sessionId } = socket.data;
    // Rooms for live fan-out: a user's own sockets, his session's; staff see every lift; devs the
    // device console. The role is fixed for the socket's life: a role change ends the session.
    socket.join(userRoom(user.id));
    socket.join(sessionRoom(sessionId));
    if (hasRole(user.role, 'admin')) socket.join(STAFF_ROOM);
    if (hasRole(user.role, 'dev')) socket.join(DEVS_ROOM);
    // The row is written before it may be removed: a socket that goes at once leaves none behind.
    const added = presence
      .add(user, socket.id)
      .then((first) => (first ? announcer.changed(user.id) : announcer.tell(socket)), reportError);

    // An expired token ends the session: the socket goes too, or it would keep receiving lifts.
    const dropAtExpiry = () => {
      const left = socket.data.expiresAt - Date.now();
      if (left <= 0) socket.disconnect(true);
      else expiry = setTimeout(dropAtExpiry, Math.min(left, MAX_TIMER_MS));
    };
    let expiry: NodeJS.Timeout | undefined;
    dropAtExpiry();

    // The browser signs out: its session ends too, so the token no longer works anywhere.
    socket.on('logout', () => {
      app.accessTokens
        .end(sessionIs(sessionId), 'logout')
        .catch((error: unknown) => app.log.error({ err: error }, 'ending a session failed'))
        .finally(() => socket.disconnect(true));
    });
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      added
        .then(() => presence.remove(user.id, socket.id))
        .then((last) => last && announcer.changed(user.id), reportError);
    });
  });

  new Gauge({
    name: 'lift_portal_user_sockets',
    help: "Signed-in users' sockets on this process, and the distinct users they belong to (kind: sockets, users).",
    labelNames: ['kind'],
    registers: [app.metrics.registry],
    collect() {
      const sockets = io.of('/').sockets;
      this.set({ kind: 'sockets' }, sockets.size);
      this.set({ kind: 'users' }, new Set([...sockets.values()].map((socket) => socket.data.user?.id)).size);
    },
  });

  app.decorate('io', io);
  app.decorate('presence', {
    onlineIds: () => presence.onlineIds(),
    audience: () => presence.audience(),
    lastAudience: () => presence.lastAudience(),
    scopeChanged: () => announcer.scopeChanged(),
  });
  // A dead process's users left with it: the people who saw them are told.
  app.cluster.onSwept(({ userIds }) => {
    presence.refresh();
    for (const id of userIds) announcer.changed(id);
  });
  app.cluster.onRejoined(() => presence.rejoin());

  // Open sockets keep the HTTP server alive: without this, app.close() never finishes.
  app.addHook('preClose', async () => {
    announcer.close();
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => closeAdapter?.());
});
