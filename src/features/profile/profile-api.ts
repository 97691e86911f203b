import { profileApi } from '../../../contract/api/profile';
import type { PasswordChangeRequest, ProfileUpdate } from '../../../contract/schemas/account';
import { call } from '../../data/api/http';
import { useApiQuery } from '../../data/api/use-api';

/** `GET /api/users/me`: the signed-in user as the server has him now. */
export const useOwnProfile = () => useApiQuery(profileApi.me, {});

export const saveProfile = (change: ProfileUpdate) => call(profileApi.update, { body: change });

export const changePassword = (body: PasswordChangeRequest) => call(profileApi.changePassword, { body });

/** `PUT /api/users/me/shortcuts`: the pinned navigation items, in order; answers the user. */
export const saveShortcuts = (shortcuts: string[]) => call(profileApi.shortcuts, { body: { shortcuts } });

/** `POST /api/users/me/avatar` (multipart, field `file`); the server checks the file's content. */
export function uploadAvatar(file: File) {
  const body = new FormData();
  body.append('file', file);
  return call(profileApi.uploadAvatar, { body }, { timeout: 60_000 });
}
