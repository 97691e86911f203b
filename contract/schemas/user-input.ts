import * as v from 'valibot';
import { MIN_DISPLAY_NAME_LENGTH, NOTIFICATION_PREFERENCES } from '../constants';
import { MSG } from '../messages';
import { ASSIGNABLE_ROLES } from '../roles';
import { IdSchema } from './common';
import { OptionalPhoneNumberSchema } from './phone';

/*
 * What people type about users: the user forms' create and update bodies and the email and name
 * rules they share with registration. Apart from user.ts, which the sign-in page loads, so that
 * these rules (the phone rule among them) stay off its first load.
 */

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
  // The one phone rule (phone.ts): the usual ways of writing a number, stored normalised.
  phoneNumber: OptionalPhoneNumberSchema,
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
 * on.
 */
export const UserUpdateSchema = v.intersect([
  v.partial(UserCreateSchema),
  v.object({
    status: v.optional(v.picklist(['active', 'disabled'] as const, MSG.invalidValue)),
    baseVersion: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
]);
export type UserUpdate = v.InferOutput<typeof UserUpdateSchema>;
