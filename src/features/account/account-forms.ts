// TEMPORARY: replaced by contract/schemas/account.ts from the accounts-server branch.
import * as v from 'valibot';
import { MSG } from '../../../contract/messages';

const password = v.pipe(v.string(), v.minLength(8, 'Password must have at least 8 characters'));

export const RegisterFormSchema = v.pipe(
  v.object({
    displayName: v.pipe(v.string(), v.trim(), v.minLength(4, MSG.minLength4), v.maxLength(100, MSG.tooLong)),
    phoneNumber: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'Phone number is required'),
      v.regex(/^\d+$/, 'Please enter only number'),
      v.maxLength(30, MSG.tooLong),
    ),
    password,
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

export const ResetPasswordFormSchema = v.pipe(
  v.object({ password, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      'Passwords do not match',
    ),
    ['confirmPassword'],
  ),
);

export const ForgotPasswordFormSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'Email is required'),
    v.email('Email must be a valid email address'),
  ),
});
