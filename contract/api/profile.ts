import * as v from 'valibot';
import { MAX_AVATAR_BYTES } from '../constants';
import { MSG } from '../messages';
import {
  MessageResponseSchema,
  PasswordChangeRequestSchema,
  ProfileUpdateSchema,
  ShortcutsRequestSchema,
} from '../schemas/account';
import { UserSchema, UserSettingsSchema } from '../schemas/user';
import { endpoint } from './endpoint';

const tags = ['profile'];

/** The signed-in user's own record: profile, settings, password, shortcuts, avatar. */
export const profileApi = {
  me: endpoint({
    method: 'GET',
    path: '/users/me',
    answer: UserSchema,
    auth: 'signedIn',
    summary: 'The signed-in user',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/users/me',
    body: ProfileUpdateSchema,
    answer: UserSchema,
    auth: 'signedIn',
    summary: 'Change the own display name, phone number, notification preference or settings',
    tags,
  }),
  settings: endpoint({
    method: 'PUT',
    path: '/users/me/settings',
    body: UserSettingsSchema,
    answer: UserSchema,
    auth: 'signedIn',
    summary: "Change the signed-in user's settings (language, layout, animations); keys left out stay",
    tags,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/users/me/password',
    body: PasswordChangeRequestSchema,
    answer: MessageResponseSchema,
    errors: [429],
    auth: 'signedIn',
    summary: 'Change the own password, giving the current one',
    tags,
  }),
  shortcuts: endpoint({
    method: 'PUT',
    path: '/users/me/shortcuts',
    body: ShortcutsRequestSchema,
    answer: UserSchema,
    auth: 'signedIn',
    summary: 'The navigation items the user pinned, in order',
    tags,
  }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/users/me/avatar',
    body: 'multipart',
    consumes: ['multipart/form-data', 'image/jpeg', 'image/png', 'image/gif'],
    answer: UserSchema,
    errors: [413, 415],
    auth: 'signedIn',
    summary: `Upload the own avatar: multipart field \`file\` (or the image as body); JPEG, PNG or GIF up to ${MAX_AVATAR_BYTES / 1024 / 1024} MB`,
    tags,
  }),
  avatar: endpoint({
    method: 'GET',
    path: '/avatars/:file',
    params: v.object({ file: v.pipe(v.string(), v.maxLength(64, MSG.tooLong)) }),
    file: { types: ['image/jpeg', 'image/png', 'image/gif'], ranges: true },
    errors: [404],
    auth: 'public',
    summary: 'An avatar image (public: its name is random and unguessable)',
    tags,
  }),
};
