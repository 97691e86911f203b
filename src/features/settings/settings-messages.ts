import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SettingsProblemCode } from '../../../contract/settings-check';

/**
 * The problems of a settings text (contract/settings-check.ts) by code, for the server's answer
 * and the editor's own check alike; typed, so a new code fails until it is translated here.
 */
const PROBLEM_TEXTS: Record<SettingsProblemCode, MessageDescriptor> = {
  unterminatedString: msg`Unterminated string`,
  invalidString: msg`Invalid string`,
  expectedPropertyName: msg`Expected a double-quoted property name`,
  expectedColon: msg`Expected a colon after the property name`,
  expectedCommaOrBrace: msg`Expected a comma or a closing brace`,
  expectedCommaOrBracket: msg`Expected a comma or a closing bracket`,
  unexpectedEnd: msg`Unexpected end of the text`,
  unexpectedCharacter: msg`Unexpected character`,
  textAfterDocument: msg`Unexpected text after the document`,
  notAnObject: msg`Must be an object`,
  notANumber: msg`Must be a number`,
  notAWholeNumber: msg`Must be a whole number`,
  tooSmall: msg({ message: 'Must be at least {limit}' }),
  tooLarge: msg({ message: 'Must be at most {limit}' }),
  invalid: msg`Invalid value`,
};

/** A problem in the user's language; the server's English text when the code is unknown (an older client). */
export function settingsProblemMessage(
  i18n: I18n,
  problem: { code?: string; limit?: number | undefined; message: string },
): string {
  const descriptor =
    problem.code && Object.hasOwn(PROBLEM_TEXTS, problem.code)
      ? PROBLEM_TEXTS[problem.code as SettingsProblemCode]
      : undefined;
  if (!descriptor) return problem.message;
  // By id with the values apart: the extractor reads an object given to `i18n._` as a new message.
  return i18n._(descriptor.id, { limit: problem.limit ?? '' }, { message: descriptor.message });
}
