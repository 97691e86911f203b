import * as v from 'valibot';
import {
  LANGUAGES,
  MIN_LOGIN_FIELD_LENGTH,
  NAV_LAYOUTS,
  NOTIFICATION_PREFERENCES,
  USER_STATUSES,
} from '../constants';
import { MSG } from '../messages';
import { ROLES } from '../roles';
import { IdSchema, ListQuerySchema } from './common';

/** Per-user preferences that follow the user to every device. */
export const UserSettingsSchema = v.object({
  language: v.optional(v.picklist(LANGUAGES)),
  navLayout: v.optional(v.picklist(NAV_LAYOUTS)),
  navFolded: v.optional(v.boolean()),
  /** Animations on or off; left out, the device's `prefers-reduced-motion` decides. */
  animations: v.optional(v.boolean()),
});
export type UserSettings = v.InferOutput<typeof UserSettingsSchema>;

/** A user as the API shows it (never the password hash). Every User field of docs/spec-texts.md#entities. */
export const UserSchema = v.object({
  id: IdSchema,
  email: v.string(),
  displayName: v.string(),
  phoneNumber: v.nullable(v.string()),
  status: v.picklist(USER_STATUSES),
  role: v.picklist(ROLES),
  settings: UserSettingsSchema,
  shortcuts: v.array(v.string()),
  avatarUrl: v.nullable(v.string()),
  contactPerson: v.nullable(v.string()),
  companyId: v.nullable(v.string()),
  name: v.nullable(v.string()),
  address: v.nullable(v.string()),
  additionalEmail: v.nullable(v.string()),
  invoiceEmail: v.nullable(v.string()),
  referenceNumber: v.nullable(v.string()),
  notificationPreference: v.picklist(NOTIFICATION_PREFERENCES),
  /** Who created (invited) this user; scopes a customer's own service men. */
  createdBy: v.nullable(IdSchema),
  createdAt: v.string(),
  updatedAt: v.string(),
  /** Ids of the lifts assigned to this user (as customer, or as service man); single-user answers only. */
  lifts: v.optional(v.array(IdSchema)),
});
export type User = v.InferOutput<typeof UserSchema>;

/** `{ id, value, label }` options of the user list (docs/spec-texts.md#entities). */
export function toUserOption(user: Pick<User, 'id' | 'displayName'>) {
  return { id: user.id, value: user.displayName, label: user.displayName };
}

const loginField = (max: number) =>
  v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.minLength(MIN_LOGIN_FIELD_LENGTH, MSG.minLength4),
    v.maxLength(max, MSG.tooLong),
  );

/** Sign-in form and `POST /api/users/authenticate` body (docs/spec-texts.md#validation-messages: both min length 4). */
export const LoginRequestSchema = v.object({
  email: loginField(254),
  password: v.pipe(
    v.string(MSG.required),
    v.minLength(MIN_LOGIN_FIELD_LENGTH, MSG.minLength4),
    v.maxLength(1024, MSG.tooLong),
  ),
});
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

export const TokenLoginRequestSchema = v.object({
  access_token: v.pipe(v.string(MSG.required), v.minLength(1, MSG.required), v.maxLength(4096, MSG.tooLong)),
});

export const AuthResponseSchema = v.object({
  user: UserSchema,
  access_token: v.string(),
});
export type AuthResponse = v.InferOutput<typeof AuthResponseSchema>;

/** Claims inside the access token (JWT). `exp` is seconds since the epoch. */
export const TokenClaimsSchema = v.object({
  sub: IdSchema,
  role: v.picklist(ROLES),
  /** The session the token belongs to; it ends on logout, password change and the like. */
  sid: IdSchema,
  iat: v.number(),
  exp: v.number(),
});
export type TokenClaims = v.InferOutput<typeof TokenClaimsSchema>;

export const UserListResponseSchema = v.object({
  users: v.array(UserSchema),
  count: v.number(),
});

/** `GET /api/users`: the list query, optionally only users of one role (the lift form's pickers). */
export const UserListQuerySchema = v.object({
  ...ListQuerySchema.entries,
  role: v.optional(v.picklist(ROLES, MSG.invalidValue)),
});

/** `GET /api/users/options?role=` */
export const UserOptionsQuerySchema = v.object({
  role: v.optional(v.picklist(ROLES, MSG.invalidValue)),
});
export const UserOptionSchema = v.object({ id: IdSchema, value: v.string(), label: v.string() });
export const UserOptionsResponseSchema = v.array(UserOptionSchema);

/** `POST /api/users/deleteByIds` and `POST /api/user-app/remove-users`. */
export const UsersDeletedSchema = v.object({ message: v.string(), deleted: v.number() });
