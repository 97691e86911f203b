import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  OnlineUser,
  ReloadChange,
  ReloadEntity,
  ServerToClientEvents,
} from '../../../contract/socket';
import { SOCKET_AUTH_ERROR } from '../../../contract/socket';
import { createStore, useStore } from '../store';
import { getSession } from './session';

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

type EventName = keyof ServerToClientEvents;
const eventListeners = new Map<EventName, Set<(...args: never[]) => void>>();

/** Calls `handler` for every `event` the user socket receives until the returned function runs. */
export function subscribeSocketEvent<E extends EventName>(
  event: E,
  handler: ServerToClientEvents[E],
): () => void {
  let set = eventListeners.get(event);
  if (!set) {
    set = new Set();
    eventListeners.set(event, set);
  }
  set.add(handler as (...args: never[]) => void);
  return () => set.delete(handler as (...args: never[]) => void);
}

/** Subscribes a component to a socket event; the latest `handler` is called. */
export function useSocketEvent<E extends EventName>(event: E, handler: ServerToClientEvents[E]): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(
    () =>
      subscribeSocketEvent(event, ((...args: unknown[]) =>
        (ref.current as (...a: unknown[]) => void)(...args)) as ServerToClientEvents[E]),
    [event],
  );
}
export const useSocketConnected = () => useStore(connectedStore);

/**
 * Calls the latest `handler` for every `reload` of `entity` (`users`: a screen listing users
 * fetches again). Reloads of other or unknown entities pass by.
 */
export function useReloadEvent<E extends ReloadEntity>(
  entity: E,
  handler: (change: Extract<ReloadChange, { entity: E }>) => void,
): void {
  useSocketEvent('reload', (change) => {
    if (change?.entity === entity) handler(change as Extract<ReloadChange, { entity: E }>);
  });
}

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
  next.onAny((event: EventName, ...args: unknown[]) => {
    for (const listener of eventListeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  });
  next.on('logout', () => handlers.onSessionRejected());
}

/** Events the client sends with an acknowledgement callback as their last argument. */
type AckEvent = {
  [E in keyof ClientToServerEvents]: Parameters<ClientToServerEvents[E]> extends [
    unknown,
    (answer: never) => void,
  ]
    ? E
    : never;
}[keyof ClientToServerEvents];
type AckInput<E extends AckEvent> = Parameters<ClientToServerEvents[E]>[0];
type AckAnswer<E extends AckEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/** Emits `event` when the socket is connected; false when it is not (the caller may use REST). */
export function emitSocketEvent<E extends keyof ClientToServerEvents>(
  event: E,
  ...args: Parameters<ClientToServerEvents[E]>
): boolean {
  if (!socket?.connected) return false;
  socket.emit(event, ...args);
  return true;
}

/**
 * Emits `event` and waits for the server's acknowledgement. Answers `'offline'` when the socket is
 * not connected (nothing was sent) and `'timeout'` when no answer came in `timeoutMs`.
 */
export function requestOverSocket<E extends AckEvent>(
  event: E,
  input: AckInput<E>,
  timeoutMs: number,
): Promise<AckAnswer<E> | 'offline' | 'timeout'> {
  const current = socket;
  if (!current?.connected) return Promise.resolve('offline');
  return new Promise((resolve) => {
    // socket.io's typing of a timed emit does not follow a generic event name; the shape is its own.
    const timed = current.timeout(timeoutMs) as unknown as {
      emit(
        name: E,
        payload: AckInput<E>,
        callback: (error: Error | null, answer: AckAnswer<E>) => void,
      ): void;
    };
    timed.emit(event, input, (error, answer) => resolve(error ? 'timeout' : answer));
  });
}

/** Says goodbye (`logout`): the server ends this session (docs/access.md#sessions) and drops us from the online list; then closes the socket. */
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
