import * as v from 'valibot';
import { MAX_SHORTCUTS, MIN_PASSWORD_LENGTH, NOTIFICATION_PREFERENCES } from '../constants';
import { MSG } from '../messages';
import { OptionalPhoneNumberSchema, PhoneTextSchema } from './phone';
import { AuthResponseSchema, UserSettingsSchema } from './user';
import { DisplayNameSchema, UserEmailSchema } from './user-input';

/**
 * A sealed link token as it arrives from a mailed link. Only its size is checked here: whether it
 * opens is the server's answer ('This link is invalid.'), not a field error.
 */
export const SealedTokenSchema = v.pipe(
  v.string(MSG.linkInvalid),
  v.minLength(1, MSG.linkInvalid),
  v.maxLength(2048, MSG.linkInvalid),
);

export const PasswordSchema = v.pipe(
  v.string(MSG.required),
  v.minLength(1, MSG.required),
  v.minLength(MIN_PASSWORD_LENGTH, MSG.passwordTooShort),
  v.maxLength(1024, MSG.tooLong),
);

const passwordPair = {
  password: PasswordSchema,
  confirmPassword: v.pipe(v.string(MSG.required), v.minLength(1, MSG.required)),
};

/**
 * Required on the registration form: 'Phone number is required' when blank, else the one phone
 * rule (phone.ts). Here, not in phone.ts: the sign-in page's bundle holds phone.ts (user.ts uses it).
 */
export const RequiredPhoneNumberSchema = v.pipe(
  v.optional(v.string(MSG.phoneRequired), ''),
  v.trim(),
  v.minLength(1, MSG.phoneRequired),
  PhoneTextSchema,
);

/** `GET /api/users/invitation?id=&email=`: the two sealed parts of `/register/:id/:email`. */
export const InvitationQuerySchema = v.object({ id: SealedTokenSchema, email: SealedTokenSchema });
/** What the inviter typed, to fill the registration form; `phoneNumber` is stored normalised. */
export const InvitationSchema = v.object({
  email: v.string(),
  displayName: v.string(),
  phoneNumber: v.optional(v.nullable(v.string())),
});

/**
 * The registration form of `POST /api/users/updateByEmail` (docs/spec-texts.md#validation-messages Register): `id` and `email` are
 * the two sealed parts of the mailed `/register/:id/:email` link, exactly as they stand in it.
 */
const RegistrationFieldsSchema = v.object({
  id: SealedTokenSchema,
  email: SealedTokenSchema,
  displayName: DisplayNameSchema,
  // Required here; the usual ways of writing a number, stored normalised (phone.ts).
  phoneNumber: RequiredPhoneNumberSchema,
  ...passwordPair,
});

/** The reset form of `POST /api/users/updateByEmail`: the spec names the field `email`; it carries the sealed token. */
const resetFields = { email: SealedTokenSchema, ...passwordPair };

/** An invited user chooses his password (the register page's form). */
export const RegisterRequestSchema = v.pipe(
  RegistrationFieldsSchema,
  // 'Passwords do not match' on the confirmation field, once both are otherwise valid.
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      MSG.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type RegisterRequest = v.InferOutput<typeof RegisterRequestSchema>;

/** A new password from a reset link (the reset page's form). */
export const ResetPasswordRequestSchema = v.pipe(
  v.object(resetFields),
  // 'Passwords do not match' on the confirmation field, once both are otherwise valid.
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      MSG.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type ResetPasswordRequest = v.InferOutput<typeof ResetPasswordRequestSchema>;

/**
 * `POST /api/users/updateByEmail` and `POST /api/user-app/user/update-user-by-email`: with `id` a
 * registration from an invitation link, without it a password reset. An `id` that is neither a
 * sealed token nor absent is refused on `id` as an invalid link.
 */
export const UpdateByEmailRequestSchema = v.pipe(
  v.variant(
    'id',
    [RegistrationFieldsSchema, v.object({ id: v.optional(v.undefined()), ...resetFields })],
    MSG.linkInvalid,
  ),
  // 'Passwords do not match' on the confirmation field, once both are otherwise valid.
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      MSG.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);

/** A registration answers the new session (the user is signed in), a reset `{ message }`. */
export const UpdateByEmailAnswerSchema = v.union([AuthResponseSchema, v.object({ message: v.string() })]);

/** `POST /api/users/forgot-password` */
export const ForgotPasswordRequestSchema = v.object({ email: UserEmailSchema });

/** `GET /api/users/reset-token?token=` */
export const ResetTokenQuerySchema = v.object({ token: SealedTokenSchema });
export const ResetTokenInfoSchema = v.object({ email: v.string() });

/** `PUT /api/users/me`: what a user may change on his own profile. */
export const ProfileUpdateSchema = v.object({
  displayName: v.optional(DisplayNameSchema),
  phoneNumber: OptionalPhoneNumberSchema,
  notificationPreference: v.optional(v.picklist(NOTIFICATION_PREFERENCES, MSG.invalidValue)),
  settings: v.optional(UserSettingsSchema),
});
export type ProfileUpdate = v.InferOutput<typeof ProfileUpdateSchema>;

/** `POST /api/users/me/password` */
export const PasswordChangeRequestSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(
      v.string(MSG.required),
      v.minLength(1, MSG.required),
      v.maxLength(1024, MSG.tooLong),
    ),
    ...passwordPair,
  }),
  // 'Passwords do not match' on the confirmation field, once both are otherwise valid.
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      MSG.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type PasswordChangeRequest = v.InferOutput<typeof PasswordChangeRequestSchema>;

/** `PUT /api/users/me/shortcuts`: navigation item ids the user pinned. */
export const ShortcutsRequestSchema = v.object({
  shortcuts: v.pipe(
    v.array(v.pipe(v.string(), v.minLength(1, MSG.invalidValue), v.maxLength(200, MSG.tooLong))),
    v.maxLength(MAX_SHORTCUTS, MSG.tooLong),
  ),
});

/** `POST /api/email/sendMailOverGmailSMTP` */
export const SendMailRequestSchema = v.object({
  to: UserEmailSchema,
  subject: v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.minLength(1, MSG.required),
    v.maxLength(300, MSG.tooLong),
  ),
  html: v.pipe(v.string(MSG.required), v.minLength(1, MSG.required), v.maxLength(200_000, MSG.tooLong)),
});

/** One mail kept in the outbox (`DATA_DIR/mail-outbox`) when no SMTP server is configured. */
export const OutboxMailSchema = v.object({
  id: v.string(),
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  html: v.string(),
  at: v.string(),
  links: v.array(v.string()),
  /** Files sent along, kept beside the mail (`GET /api/email/outbox/{id}/attachments/{index}`). */
  attachments: v.optional(
    v.array(v.object({ filename: v.string(), contentType: v.string(), size: v.number() })),
  ),
});
export type OutboxMail = v.InferOutput<typeof OutboxMailSchema>;
/** `GET /api/email/outbox/{id}/attachments/{index}` (dev). */
export const OutboxAttachmentParamsSchema = v.object({
  id: v.pipe(v.string(), v.uuid(MSG.invalidValue)),
  index: v.pipe(v.string(), v.regex(/^\d{1,2}$/, MSG.invalidValue), v.transform(Number)),
});
/** `GET /api/email/outbox` (dev): newest first. */
export const OutboxResponseSchema = v.object({ mails: v.array(OutboxMailSchema) });

/** A plain confirmation: `{ message }`. */
export const MessageResponseSchema = v.object({ message: v.string() });
