/**
 * Socket.io room names of user sockets (docs/realtime.md). Every socket of a user joins his own
 * room; staff (admin and above) see every lift through one room; devs get the device console.
 */
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket opened with a token of one session: closed together when the session ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const STAFF_ROOM = 'staff';
export const DEVS_ROOM = 'devs';
/** A controller's socket on `/device`, by IMEI: reached from any process (docs/scaling.md#controllers). */
export const controllerRoom = (imei: string) => `imei:${imei}`;
