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
import { createChatRepository } from '../modules/chat/chat.repository';
import { handleChatEvents } from './chat-socket';
import { Presence } from './presence';
import { DEVS_ROOM, STAFF_ROOM, userRoom } from './rooms';

interface UserSocketData {
  user: OnlineUser;
  /** When the handshake's token expires (epoch ms): the socket must not outlive it. */
  expiresAt: number;
}

/** setTimeout's longest delay; a token living longer is checked again after it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type UserSocketServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  UserSocketData
>;
export type UserSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  UserSocketData
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Socket.io for signed-in users; modules emit `reload` and the like through it. */
    io: UserSocketServer;
    /** Who is online now (the chat's contact list marks them). */
    presence: Pick<Presence, 'isOnline'>;
  }
}

/**
 * Socket.io on the app's own HTTP server (fastify-socket.io does not support Fastify 5), same
 * origin, path `/socket.io`. Users connect to the default namespace with `auth: { token }`.
 */
export const userSocketPlugin = definePlugin('user-socket', async (app) => {
  const io: UserSocketServer = new Server(app.server, { path: '/socket.io', serveClient: false });
  const presence = new Presence();
  const chat = createChatRepository(app.db);

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as Partial<UserSocketAuth> | undefined)?.token;
    const user =
      typeof token === 'string' ? await app.accessTokens.resolveUser(token).catch(() => null) : null;
    if (!user) return next(new Error(SOCKET_AUTH_ERROR));
    socket.data.user = { id: user.id, displayName: user.displayName, role: user.role };
    socket.data.expiresAt = app.jwt.decode<{ exp: number }>(token as string)!.exp * 1000;
    next();
  });

  io.on('connection', (socket) => {
    const { user } = socket.data;
    // Rooms for live fan-out: a user's own sockets; staff see every lift; devs the device console.
    socket.join(userRoom(user.id));
    if (hasRole(user.role, 'admin')) socket.join(STAFF_ROOM);
    if (hasRole(user.role, 'dev')) socket.join(DEVS_ROOM);
    if (presence.add(user, socket.id)) io.emit('users', presence.list());
    else socket.emit('users', presence.list());

    // An expired token ends the session: the socket goes too, or it would keep receiving lifts.
    const dropAtExpiry = () => {
      const left = socket.data.expiresAt - Date.now();
      if (left <= 0) socket.disconnect(true);
      else expiry = setTimeout(dropAtExpiry, Math.min(left, MAX_TIMER_MS));
    };
    let expiry: NodeJS.Timeout | undefined;
    dropAtExpiry();

    handleChatEvents(io, socket, chat, (error) => app.log.error({ err: error }, 'chat socket event failed'));

    socket.on('logout', () => {
      socket.disconnect(true);
    });
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      if (presence.remove(user.id, socket.id)) io.emit('users', presence.list());
    });
  });

  app.decorate('io', io);
  app.decorate('presence', presence);

  // Open sockets keep the HTTP server alive: without this, app.close() never finishes.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
});
