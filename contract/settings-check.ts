import * as v from 'valibot';
import { type Settings, SettingsSchema } from './settings';

/**
 * Checks a settings document's text (contract/settings.ts) and says where each problem is, for the
 * server's 400 answer and the editor's inline marks alike (docs/settings.md). JSON.parse names no
 * line in some engines and no key in any, so the text is scanned here once, remembering where
 * every value starts.
 */

/**
 * Every problem the check reports, by code, in English; `{limit}` stands for the problem's
 * `limit`, and the texts hold no other ICU syntax (quotes, braces), as they are Lingui messages
 * too. The browser shows them in the user's language by code (src/features/settings/
 * settings-messages.ts), so a new code fails its type check until it is translated there.
 */
export const SETTINGS_PROBLEMS = {
  unterminatedString: 'Unterminated string',
  invalidString: 'Invalid string',
  expectedPropertyName: 'Expected a double-quoted property name',
  expectedColon: 'Expected a colon after the property name',
  expectedCommaOrBrace: 'Expected a comma or a closing brace',
  expectedCommaOrBracket: 'Expected a comma or a closing bracket',
  unexpectedEnd: 'Unexpected end of the text',
  unexpectedCharacter: 'Unexpected character',
  textAfterDocument: 'Unexpected text after the document',
  notAnObject: 'Must be an object',
  notANumber: 'Must be a number',
  notAWholeNumber: 'Must be a whole number',
  tooSmall: 'Must be at least {limit}',
  tooLarge: 'Must be at most {limit}',
  invalid: 'Invalid value',
} as const;
export type SettingsProblemCode = keyof typeof SETTINGS_PROBLEMS;
export const SETTINGS_PROBLEM_CODES = Object.keys(SETTINGS_PROBLEMS) as SettingsProblemCode[];

/** The English text of a problem (the `message` of the server's answer). */
export const settingsProblemText = (code: SettingsProblemCode, limit?: number) =>
  SETTINGS_PROBLEMS[code].replace('{limit}', String(limit ?? ''));

export interface SettingsTextProblem {
  /** 0-based offset into the text. */
  from: number;
  /** 1-based line and column. */
  line: number;
  column: number;
  /** Dotted path of the key (`sims.lowVolumePercent`), empty for a syntax error or the whole document. */
  path: string;
  code: SettingsProblemCode;
  /** The bound a `tooSmall` or `tooLarge` value broke. */
  limit?: number;
  /** In English; the browser translates by `code`. */
  message: string;
}

/**
 * How deep objects and arrays may nest. The schema needs two levels; the bound keeps the reader's
 * recursion (and any walk over the parsed document) far from the stack's end, so a document of
 * thousands of levels is refused as `tooDeep` instead of failing with a stack overflow.
 */
export const SETTINGS_MAX_DEPTH = 64;

export type SettingsCheck =
  | { ok: true; settings: Settings; parsed: unknown }
  | { ok: false; kind: 'syntax' | 'schema' | 'tooDeep'; problems: SettingsTextProblem[] };

class JsonSyntaxError extends Error {
  constructor(
    readonly code: SettingsProblemCode,
    readonly offset: number,
  ) {
    super(SETTINGS_PROBLEMS[code]);
  }
}

/** An object or array opened deeper than SETTINGS_MAX_DEPTH, at `offset`, as the value of `path`. */
class JsonTooDeepError extends Error {
  constructor(
    readonly offset: number,
    readonly path: string,
  ) {
    super('nested too deeply');
  }
}

/** A strict JSON reader that records the offset of every value by its path. */
function scan(text: string): { value: unknown; offsets: Map<string, number> } {
  const offsets = new Map<string, number>();
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const fail = (code: SettingsProblemCode): never => {
    throw new JsonSyntaxError(code, Math.min(i, text.length));
  };
  const readString = (): string => {
    const start = i;
    let j = i + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    if (j >= text.length) fail('unterminatedString');
    i = j + 1;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      i = start;
      return fail('invalidString');
    }
  };
  const readValue = (path: string, depth: number): unknown => {
    ws();
    offsets.set(path, i);
    const char = text[i];
    if ((char === '{' || char === '[') && depth > SETTINGS_MAX_DEPTH) throw new JsonTooDeepError(i, path);
    if (char === '{') {
      i++;
      const object: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') {
        i++;
        return object;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expectedPropertyName');
        const keyAt = i;
        const key = readString();
        const child = path ? `${path}.${key}` : key;
        ws();
        if (text[i] !== ':') fail('expectedColon');
        i++;
        // An own property as JSON.parse makes it: assigning `__proto__` would set the object's
        // prototype, and the schema would then read settings that the stored text does not hold.
        Object.defineProperty(object, key, {
          value: readValue(child, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        // The key is where an editor should point for a problem with its value.
        offsets.set(child, keyAt);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return object;
        }
        fail('expectedCommaOrBrace');
      }
    }
    if (char === '[') {
      i++;
      const array: unknown[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return array;
      }
      for (;;) {
        array.push(readValue(`${path}.${array.length}`, depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return array;
        }
        fail('expectedCommaOrBracket');
      }
    }
    if (char === '"') return readString();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i));
    if (!literal) return fail(i >= text.length ? 'unexpectedEnd' : 'unexpectedCharacter');
    i += literal[0].length;
    return JSON.parse(literal[0]) as unknown;
  };
  const value = readValue('', 1);
  ws();
  if (i < text.length) fail('textAfterDocument');
  return { value, offsets };
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/**
 * The paths where the schema wants an object and the document has an array: valibot's `object`
 * takes an array (its keys are simply missing), so `[]` would pass as `{}` (docs/settings.md says
 * `notAnObject`).
 */
function arraysForObjects(schema: v.GenericSchema, value: unknown, path: string, found: string[]): string[] {
  let inner: v.GenericSchema = schema;
  while ('wrapped' in inner) inner = (inner as { wrapped: v.GenericSchema }).wrapped;
  if (inner.type !== 'object' || !('entries' in inner)) return found;
  if (Array.isArray(value)) {
    found.push(path);
    return found;
  }
  if (typeof value !== 'object' || value === null) return found;
  for (const [key, entry] of Object.entries(inner.entries as Record<string, v.GenericSchema>)) {
    if (Object.hasOwn(value, key))
      arraysForObjects(entry, (value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, found);
  }
  return found;
}

/** The dotted path of a valibot issue, e.g. `alarms.escalationMinutes`. */
function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((item) => String(item.key)).join('.');
}

/** A valibot issue as one of SETTINGS_PROBLEMS (valibot's own texts are English only). */
function issueCode(issue: v.BaseIssue<unknown>): { code: SettingsProblemCode; limit?: number } {
  const requirement = typeof issue.requirement === 'number' ? issue.requirement : undefined;
  switch (issue.type) {
    case 'object':
      return { code: 'notAnObject' };
    case 'number':
      return { code: 'notANumber' };
    case 'integer':
      return { code: 'notAWholeNumber' };
    case 'min_value':
      return requirement === undefined ? { code: 'invalid' } : { code: 'tooSmall', limit: requirement };
    case 'max_value':
      return requirement === undefined ? { code: 'invalid' } : { code: 'tooLarge', limit: requirement };
    default:
      return { code: 'invalid' };
  }
}

export function checkSettingsText(text: string): SettingsCheck {
  let scanned: ReturnType<typeof scan>;
  try {
    scanned = scan(text);
  } catch (error) {
    if (error instanceof JsonTooDeepError) {
      return {
        ok: false,
        kind: 'tooDeep',
        problems: [
          {
            from: error.offset,
            ...position(text, error.offset),
            path: error.path,
            code: 'invalid',
            message: settingsProblemText('invalid'),
          },
        ],
      };
    }
    if (!(error instanceof JsonSyntaxError)) throw error;
    return {
      ok: false,
      kind: 'syntax',
      problems: [
        {
          from: error.offset,
          ...position(text, error.offset),
          path: '',
          code: error.code,
          message: error.message,
        },
      ],
    };
  }
  const { offsets } = scanned;
  const problem = (path: string, code: SettingsProblemCode, limit?: number): SettingsTextProblem => {
    // The nearest key that is in the text (a missing key's parent, at worst the document).
    let known = path;
    while (known && !offsets.has(known)) known = known.includes('.') ? known.replace(/\.[^.]*$/, '') : '';
    const from = offsets.get(known) ?? 0;
    return {
      from,
      ...position(text, from),
      path,
      code,
      ...(limit === undefined ? {} : { limit }),
      message: settingsProblemText(code, limit),
    };
  };
  const arrays = arraysForObjects(SettingsSchema, scanned.value, '', []);
  const result = v.safeParse(SettingsSchema, scanned.value);
  if (result.success && arrays.length === 0)
    return { ok: true, settings: result.output, parsed: scanned.value };
  // Below an array nothing more is said: valibot found its keys missing, not wrong.
  const insideArray = (path: string) =>
    arrays.some((array) => array === '' || path === array || path.startsWith(`${array}.`));
  const issues = result.success ? [] : result.issues.filter((issue) => !insideArray(issuePath(issue)));
  return {
    ok: false,
    kind: 'schema',
    problems: [
      ...arrays.map((path) => problem(path, 'notAnObject')),
      ...issues.map((issue) => {
        const { code, limit } = issueCode(issue);
        return problem(issuePath(issue), code, limit);
      }),
    ],
  };
}
