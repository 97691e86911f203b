import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, OnlineUser, ServerToClientEvents } from '../../contract/socket';
import { SOCKET_AUTH_ERROR } from '../../contract/socket';
import { getSession } from './session';
import { createStore, useStore } from './store';

type UserSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SocketHandlers {
  /** The server refused our token or ended the session: sign out. */
  onSessionRejected: () => void;
}

let socket: UserSocket | null = null;
/** Bumped on every connect/disconnect so a slow dynamic import cannot revive an old session. */
let generation = 0;

const onlineUsersStore = createStore<OnlineUser[]>([]);
const connectedStore = createStore(false);

export const useOnlineUsers = () => useStore(onlineUsersStore);
export const useSocketConnected = () => useStore(connectedStore);

/** Opens the user socket after sign-in; socket.io-client is loaded only now, off the login bundle. */
export async function connectSocket(handlers: SocketHandlers): Promise<void> {
  const current = ++generation;
  const { io } = await import('socket.io-client');
  if (current !== generation || !getSession().token) return;
  socket?.disconnect();
  const next: UserSocket = io({
    // A function so that every reconnect uses the freshest token.
    auth: (callback) => callback({ token: getSession().token ?? '' }),
    transports: ['websocket', 'polling'],
  });
  socket = next;
  next.on('connect', () => connectedStore.set(true));
  next.on('disconnect', () => {
    connectedStore.set(false);
    onlineUsersStore.set([]);
  });
  next.on('connect_error', (error) => {
    if (error.message === SOCKET_AUTH_ERROR) handlers.onSessionRejected();
  });
  next.on('users', (online) => onlineUsersStore.set(online));
  next.on('logout', () => handlers.onSessionRejected());
}

/** Says goodbye (`logout`) so the server drops us from the online list, then closes the socket. */
export function disconnectSocket(): void {
  generation++;
  if (socket) {
    if (socket.connected) socket.emit('logout');
    socket.disconnect();
    socket = null;
  }
  connectedStore.set(false);
  onlineUsersStore.set([]);
}
