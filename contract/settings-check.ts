import * as v from 'valibot';
import { type Settings, SettingsSchema } from './settings';

/**
 * Checks a settings document's text (contract/settings.ts) and says where each problem is, for the
 * server's 400 answer and the editor's inline marks alike (docs/settings.md). JSON.parse names no
 * line in some engines and no key in any, so the text is scanned here once, remembering where
 * every value starts.
 */

export interface SettingsTextProblem {
  /** 0-based offset into the text. */
  from: number;
  /** 1-based line and column. */
  line: number;
  column: number;
  /** Dotted path of the key (`sims.lowVolumePercent`), empty for a syntax error or the whole document. */
  path: string;
  message: string;
}

export type SettingsCheck =
  | { ok: true; settings: Settings; parsed: unknown }
  | { ok: false; kind: 'syntax' | 'schema'; problems: SettingsTextProblem[] };

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** A strict JSON reader that records the offset of every value by its path. */
function scan(text: string): { value: unknown; offsets: Map<string, number> } {
  const offsets = new Map<string, number>();
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const fail = (message: string): never => {
    throw new JsonSyntaxError(message, Math.min(i, text.length));
  };
  const readString = (): string => {
    const start = i;
    let j = i + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    if (j >= text.length) fail('Unterminated string');
    i = j + 1;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      i = start;
      return fail('Invalid string');
    }
  };
  const readValue = (path: string): unknown => {
    ws();
    offsets.set(path, i);
    const char = text[i];
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
        if (text[i] !== '"') fail('Expected a double-quoted property name');
        const keyAt = i;
        const key = readString();
        const child = path ? `${path}.${key}` : key;
        ws();
        if (text[i] !== ':') fail("Expected ':' after the property name");
        i++;
        object[key] = readValue(child);
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
        fail("Expected ',' or '}'");
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
        array.push(readValue(`${path}.${array.length}`));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return array;
        }
        fail("Expected ',' or ']'");
      }
    }
    if (char === '"') return readString();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i));
    if (!literal) return fail(i >= text.length ? 'Unexpected end of the text' : 'Unexpected character');
    i += literal[0].length;
    return JSON.parse(literal[0]) as unknown;
  };
  const value = readValue('');
  ws();
  if (i < text.length) fail('Unexpected text after the document');
  return { value, offsets };
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** The dotted path of a valibot issue, e.g. `alarms.escalationMinutes`. */
function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((item) => String(item.key)).join('.');
}

export function checkSettingsText(text: string): SettingsCheck {
  let scanned: ReturnType<typeof scan>;
  try {
    scanned = scan(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return {
      ok: false,
      kind: 'syntax',
      problems: [{ from: error.offset, ...position(text, error.offset), path: '', message: error.message }],
    };
  }
  const result = v.safeParse(SettingsSchema, scanned.value);
  if (result.success) return { ok: true, settings: result.output, parsed: scanned.value };
  return {
    ok: false,
    kind: 'schema',
    problems: result.issues.map((issue) => {
      const path = issuePath(issue);
      // The nearest key that is in the text (a missing key's parent, at worst the document).
      let known = path;
      while (known && !scanned.offsets.has(known))
        known = known.includes('.') ? known.replace(/\.[^.]*$/, '') : '';
      const from = scanned.offsets.get(known) ?? 0;
      return { from, ...position(text, from), path, message: issue.message };
    }),
  };
}
