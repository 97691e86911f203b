import * as v from 'valibot';
import {
  LANGUAGES,
  MIN_DISPLAY_NAME_LENGTH,
  MIN_LOGIN_FIELD_LENGTH,
  NAV_LAYOUTS,
  NOTIFICATION_PREFERENCES,
  USER_STATUSES,
} from '../constants';
import { MSG } from '../messages';
import { ASSIGNABLE_ROLES, ROLES } from '../roles';
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

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required email (user forms): 'Email is required', 'Email must be a valid email address'. */
export const UserEmailSchema = v.pipe(
  // A missing key gets the field's own message, as a blank one does.
  v.optional(v.string(MSG.emailRequired), ''),
  v.trim(),
  v.toLowerCase(),
  v.minLength(1, MSG.emailRequired),
  v.maxLength(254, MSG.tooLong),
  v.regex(EMAIL_PATTERN, MSG.emailInvalid),
);

/**
 * The address an invitation was sent to, shown read-only on the register page (docs/spec-texts.md#validation-messages Register:
 * 'Please enter a valid email'). An old or damaged link may carry one that is not an address,
 * blank included: the user cannot type here, so every failure says the same.
 */
export const RegisterEmailSchema = v.pipe(
  v.string(MSG.invalidEmail),
  v.trim(),
  v.regex(EMAIL_PATTERN, MSG.invalidEmail),
  v.maxLength(254, MSG.invalidEmail),
);

/** Optional text: blank becomes null, so a form can clear a field. */
const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, MSG.tooLong))),
      v.transform((text) => text || null),
    ),
  );

const optionalEmail = v.optional(
  v.pipe(
    v.nullable(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254, MSG.tooLong))),
    v.transform((text) => text || null),
    v.check((text) => text === null || EMAIL_PATTERN.test(text), MSG.emailInvalid),
  ),
);

/** Digits only (docs/spec-texts.md#validation-messages 'Please enter only number'); blank becomes null. */
const optionalPhoneNumber = v.optional(
  v.pipe(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(32, MSG.tooLong))),
    v.transform((text) => text || null),
    v.check((text) => text === null || /^\d+$/.test(text), MSG.onlyNumbers),
  ),
);

export const DisplayNameSchema = v.pipe(
  v.optional(v.string(MSG.nameRequired), ''),
  v.trim(),
  v.minLength(1, MSG.nameRequired),
  v.minLength(MIN_DISPLAY_NAME_LENGTH, MSG.minLength4),
  v.maxLength(100, MSG.tooLong),
);

/** `POST /api/users/register` (and `/api/user-app/user/create`, `/api/users`): a user invited by mail. */
export const UserCreateSchema = v.object({
  email: UserEmailSchema,
  displayName: DisplayNameSchema,
  role: v.pipe(v.optional(v.string(MSG.roleRequired), ''), v.picklist(ASSIGNABLE_ROLES, MSG.roleRequired)),
  phoneNumber: optionalPhoneNumber,
  contactPerson: optionalText(200),
  companyId: optionalText(100),
  name: optionalText(200),
  address: optionalText(500),
  additionalEmail: optionalEmail,
  invoiceEmail: optionalEmail,
  referenceNumber: optionalText(100),
  notificationPreference: v.optional(v.picklist(NOTIFICATION_PREFERENCES, MSG.invalidValue)),
  /** Lift ids in the creator's scope: assigned as customer, or as service man for a service man. */
  lifts: v.optional(v.pipe(v.array(IdSchema), v.maxLength(1000, MSG.tooLong))),
});
export type UserCreate = v.InferOutput<typeof UserCreateSchema>;

/**
 * `PUT /api/users/{id}`: any subset of the create fields, plus status and the version it was made
 * on. Built with `intersect` rather than spreading `.entries`: a property read at module level would
 * keep these schemas in the sign-in page's bundle, which imports this module.
 */
export const UserUpdateSchema = v.intersect([
  v.partial(UserCreateSchema),
  v.object({
    status: v.optional(v.picklist(['active', 'disabled'] as const, MSG.invalidValue)),
    baseVersion: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
]);
export type UserUpdate = v.InferOutput<typeof UserUpdateSchema>;

/** `POST /api/users/deleteByIds` and `POST /api/user-app/remove-users`. */
export const UsersDeletedSchema = v.object({ message: v.string(), deleted: v.number() });
