/**
 * What the sign-in page loads when a field is first used (src/features/auth/LoginPage.tsx): the
 * contract's rules and the server texts, kept off its first load (docs/performance.md).
 */
import * as v from 'valibot';
import { type LoginRequest, LoginRequestSchema } from '../../../contract/schemas/user';

export { translateServerMessage } from '../../data/i18n/server-messages';

type LoginField = keyof LoginRequest;

/** The first rule each field breaks (a contract MSG text), by field. */
export function ruleErrors(values: LoginRequest): Partial<Record<LoginField, string>> {
  const result = v.safeParse(LoginRequestSchema, values);
  const errors: Partial<Record<LoginField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) as LoginField | null;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The credentials as the contract sends them (the e-mail trimmed). */
export const toCredentials = (values: LoginRequest): LoginRequest => v.parse(LoginRequestSchema, values);
