import * as v from 'valibot';
import { MSG } from '../messages';

/**
 * One rule for every phone number a person types (registration, users form, profile): the usual
 * ways of writing it are accepted (`+49 30 1234567`, `030/123 45-67`, `(030) 1234567`), and it is
 * stored normalised, digits with an optional leading `+` (`+49301234567`). Letters or other signs
 * are refused with 'Please enter only number'.
 */

/** Spaces, slashes, dashes, dots and parentheses only separate digits. */
const SEPARATORS = /[\s/\-.()]/g;
const NORMALISED = /^\+?\d+$/;
/** Digits of the longest number (E.164 allows 15; extensions make a few more). */
const MAX_DIGITS = 20;

/**
 * The number as stored: separators dropped, a leading `00` written as `+`, the `(0)` after a
 * country code dropped. Invalid input stays as it is.
 */
export function normalisePhoneNumber(text: string): string {
  // `+49 (0)30 …`: the (0) is dialled only within the country.
  const compact = text
    .trim()
    .replace(/^((?:\+|00)\d{1,3})\s*\(0\)/, '$1')
    .replace(SEPARATORS, '');
  if (!NORMALISED.test(compact)) return text.trim();
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

/** Whether `text` is a phone number as a person writes it. */
function isPhoneNumber(text: string): boolean {
  return NORMALISED.test(normalisePhoneNumber(text));
}

/** A typed number, normalised; its emptiness is the caller's rule (account.ts, below). */
export const PhoneTextSchema = v.pipe(
  v.string(MSG.onlyNumbers),
  v.trim(),
  v.maxLength(40, MSG.tooLong),
  v.check(isPhoneNumber, MSG.onlyNumbers),
  v.transform(normalisePhoneNumber),
  v.check((phone) => phone.replace('+', '').length <= MAX_DIGITS, MSG.tooLong),
);

/** Optional (users form, profile): blank becomes null, so a form can clear the field. */
export const OptionalPhoneNumberSchema = v.optional(
  v.pipe(
    v.nullable(v.pipe(v.string(MSG.onlyNumbers), v.trim())),
    v.transform((text) => text || null),
    v.union([v.null(), PhoneTextSchema], MSG.onlyNumbers),
  ),
);

/** Country codes of two digits (ITU-T E.164); those of 1 and 7 have one, the rest three. */
const TWO_DIGIT_COUNTRY_CODES =
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98';

/**
 * A stored number for reading: the country code apart (`+49 301234567`), the rest in one piece,
 * because where the area code ends differs by country and city. Numbers without `+` stay as stored.
 */
export function formatPhoneNumber(phone: string | null | undefined): string {
  if (!phone) return '';
  if (!/^\+\d{4,}$/.test(phone)) return phone;
  const digits = phone.slice(1);
  const length = /^[17]/.test(digits)
    ? 1
    : TWO_DIGIT_COUNTRY_CODES.split(' ').includes(digits.slice(0, 2))
      ? 2
      : 3;
  return `+${digits.slice(0, length)} ${digits.slice(length)}`;
}
