import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { ProfileUpdateSchema, RegisterRequestSchema, RequiredPhoneNumberSchema } from './account';
import { formatPhoneNumber, normalisePhoneNumber, OptionalPhoneNumberSchema } from './phone';
import { UserCreateSchema } from './user-input';

describe('phone numbers (contract/schemas/phone.ts)', () => {
  it.each([
    ['+49 30 1234567', '+49301234567'],
    ['+49 (0)30 123 45-67', '+49301234567'],
    ['030/123 45-67', '0301234567'],
    ['(030) 1234567', '0301234567'],
    ['0049 151.1234 5678', '+4915112345678'],
    ['  4930120005 ', '4930120005'],
  ])('accepts %j and stores %j', (typed, stored) => {
    expect(v.parse(RequiredPhoneNumberSchema, typed)).toBe(stored);
    expect(v.parse(OptionalPhoneNumberSchema, typed)).toBe(stored);
    expect(normalisePhoneNumber(typed)).toBe(stored);
  });

  it.each(['030 abc', '+49 30 12x', '12+34', '++49', '#123', 'call me'])(
    'says "Please enter only number" for %j',
    (typed) => {
      expect(v.safeParse(RequiredPhoneNumberSchema, typed).issues?.[0]?.message).toBe(MSG.onlyNumbers);
      expect(v.safeParse(OptionalPhoneNumberSchema, typed).issues?.[0]?.message).toBe(MSG.onlyNumbers);
    },
  );

  it('is required on the registration form, optional elsewhere (blank clears it)', () => {
    expect(v.safeParse(RequiredPhoneNumberSchema, '  ').issues?.[0]?.message).toBe(MSG.phoneRequired);
    expect(v.safeParse(RequiredPhoneNumberSchema, undefined).issues?.[0]?.message).toBe(MSG.phoneRequired);
    expect(v.parse(OptionalPhoneNumberSchema, '  ')).toBeNull();
    expect(v.parse(OptionalPhoneNumberSchema, null)).toBeNull();
    expect(v.parse(OptionalPhoneNumberSchema, undefined)).toBeUndefined();
  });

  it('refuses more digits than a phone number has', () => {
    expect(v.safeParse(RequiredPhoneNumberSchema, '1'.repeat(21)).issues?.[0]?.message).toBe(MSG.tooLong);
  });

  it('is the rule of the register, users and profile schemas', () => {
    const registration = {
      id: 'sealed-id',
      email: 'sealed-email',
      displayName: 'Neue Person',
      phoneNumber: '+49 30 1234567',
      password: 'secret123',
      confirmPassword: 'secret123',
    };
    expect(v.parse(RegisterRequestSchema, registration).phoneNumber).toBe('+49301234567');
    expect(
      v.parse(UserCreateSchema, {
        email: 'a@example.com',
        displayName: 'Anna Muster',
        role: 'customer',
        phoneNumber: '030/123 45-67',
      }).phoneNumber,
    ).toBe('0301234567');
    expect(v.parse(ProfileUpdateSchema, { phoneNumber: '+49 (30) 1234567' }).phoneNumber).toBe(
      '+49301234567',
    );
    expect(v.safeParse(ProfileUpdateSchema, { phoneNumber: 'abc' }).issues?.[0]?.message).toBe(
      MSG.onlyNumbers,
    );
  });

  it('shows a stored number with its country code apart', () => {
    expect(formatPhoneNumber('+49301234567')).toBe('+49 301234567');
    expect(formatPhoneNumber('+14155550100')).toBe('+1 4155550100');
    expect(formatPhoneNumber('+3531234567')).toBe('+353 1234567');
    expect(formatPhoneNumber('0301234567')).toBe('0301234567');
    expect(formatPhoneNumber(null)).toBe('');
  });
});
