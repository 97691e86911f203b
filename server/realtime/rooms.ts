/**
 * Socket.io room names of user sockets (docs/realtime.md). Every socket of a user joins his own
 * room; staff (admin and above) see every lift through one room; devs get the device console.
 */
export const userRoom = (userId: string) => `user:${userId}`;
export const STAFF_ROOM = 'staff';
export const DEVS_ROOM = 'devs';
