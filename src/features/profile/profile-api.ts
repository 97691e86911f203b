import type { ProfileUpdate } from '../../../contract/schemas/account';
import type { User } from '../../../contract/schemas/user';
import { api } from '../../data/http';

export const saveProfile = (change: ProfileUpdate) => api.put('users/me', { json: change }).json<User>();

export const changePassword = (body: {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}) => api.post('users/me/password', { json: body }).json<{ message: string }>();

/** `POST /api/users/me/avatar` (multipart, field `file`); the server checks the file's content. */
export function uploadAvatar(file: File): Promise<User> {
  const body = new FormData();
  body.append('file', file);
  return api.post('users/me/avatar', { body, timeout: 60_000 }).json<User>();
}
