// Fails when a Lingui catalog misses a translation: every msgid must have a non-empty msgstr
// in both German and English. Run after `lingui extract` so the catalogs hold every message.
import { readdirSync, readFileSync } from 'node:fs';

const LOCALES = ['de', 'en'];

/** Minimal .po reader: enough for Lingui's output (msgid/msgstr with continuation lines). */
function readEntries(text) {
  const entries = [];
  let current = null;
  let field = null;
  for (const line of text.split('\n')) {
    const start = line.match(/^(msgid|msgstr)\s+"(.*)"$/);
    if (start) {
      if (start[1] === 'msgid') {
        current = { msgid: '', msgstr: '' };
        entries.push(current);
      }
      field = start[1];
      current[field] = start[2];
    } else if (/^".*"$/.test(line) && current && field) {
      current[field] += line.slice(1, -1);
    } else if (!line.startsWith('#~')) {
      field = line.trim() === '' ? null : field;
    }
  }
  return entries.filter((entry) => entry.msgid !== ''); // the header
}

let missing = 0;
const catalogs = (locale) => readdirSync(`src/locales/${locale}`).filter((name) => name.endsWith('.po'));
for (const file of LOCALES.flatMap((locale) =>
  catalogs(locale).map((name) => `src/locales/${locale}/${name}`),
)) {
  const entries = readEntries(readFileSync(file, 'utf8'));
  const empty = entries.filter((entry) => entry.msgstr.trim() === '');
  for (const entry of empty) console.error(`${file}: no translation for "${entry.msgid}"`);
  missing += empty.length;
  console.info(`${file}: ${entries.length - empty.length}/${entries.length} translated`);
}
if (missing > 0) {
  console.error(`${missing} missing translation(s). Run "npm run i18n:extract" and fill them in.`);
  process.exit(1);
}
