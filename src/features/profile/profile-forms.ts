// TEMPORARY: replaced by contract/schemas/account.ts (accounts-server branch).
import * as v from 'valibot';
import { NOTIFICATION_PREFERENCES } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';

export const ProfileFormSchema = v.object({
  displayName: v.pipe(v.string(), v.trim(), v.minLength(4, MSG.minLength4), v.maxLength(100, MSG.tooLong)),
  phoneNumber: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d*$/, 'Please enter only number'),
    v.maxLength(30, MSG.tooLong),
  ),
  notificationPreference: v.picklist(NOTIFICATION_PREFERENCES),
});

export const PasswordChangeFormSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(), v.minLength(1, MSG.required)),
    password: v.pipe(v.string(), v.minLength(8, 'Password must have at least 8 characters')),
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      'Passwords do not match',
    ),
    ['confirmPassword'],
  ),
);
