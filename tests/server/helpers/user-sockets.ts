import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contract/socket';

export type UserSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * User sockets of one test file against a listening app: `open` connects with a token (websocket,
 * no reconnection), `closeAll` in `afterEach` disconnects whatever a test left open.
 */
export function createUserSockets(baseUrl: () => string) {
  const sockets: UserSocket[] = [];
  return {
    open(token: unknown): UserSocket {
      const socket: UserSocket = connect(baseUrl(), {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      return socket;
    },
    closeAll() {
      for (const socket of sockets.splice(0)) socket.disconnect();
    },
  };
}

/** Resolves when the socket connected; rejects with the server's refusal. */
export const connected = (socket: UserSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/** The server's refusal of the handshake. */
export const connectError = (socket: UserSocket) =>
  new Promise<Error>((resolve) => socket.once('connect_error', resolve));

/** Resolves with the disconnect reason once the server sent `logout` and then closed the socket. */
export const signedOutByServer = (socket: UserSocket) =>
  Promise.all([
    new Promise<void>((resolve) => socket.once('logout', () => resolve())),
    new Promise<string>((resolve) => socket.once('disconnect', resolve)),
  ]).then(([, reason]) => reason);
