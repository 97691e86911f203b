import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { UserSettingsSchema } from './user';
import { RegisterEmailSchema } from './user-input';

describe('RegisterEmailSchema (docs/spec-texts.md#validation-messages Register)', () => {
  it('accepts the address an invitation was sent to', () => {
    expect(v.safeParse(RegisterEmailSchema, 'new.owner@example.com').success).toBe(true);
  });

  it.each(['', '   ', 'not-an-email', 'a@b', 'two@@example.com', `${'x'.repeat(250)}@example.com`])(
    'says "Please enter a valid email" for %j',
    (email) => {
      expect(v.safeParse(RegisterEmailSchema, email).issues?.[0]?.message).toBe(MSG.invalidEmail);
    },
  );
});

describe('UserSettingsSchema', () => {
  it('keeps the animations choice and still takes records without it', () => {
    expect(v.parse(UserSettingsSchema, { animations: false })).toEqual({ animations: false });
    expect(v.parse(UserSettingsSchema, { language: 'de' })).toEqual({ language: 'de' });
    expect(v.safeParse(UserSettingsSchema, { animations: 'off' }).success).toBe(false);
  });
});
