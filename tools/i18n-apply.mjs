// Writes German translations from JSON files ({ "English msgid": "German text" }) into every
// German catalog, after `lingui extract`. For parallel work on the catalogs: each piece of work keeps
// its own JSON file and runs, under one lock,
//   flock /tmp/lingui.lock sh -c 'npx lingui extract && node tools/i18n-apply.mjs /tmp/i18n/*.json'
// so that no run overwrites another's translations. English msgstrs are filled by extract itself.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const fromPo = (text) => JSON.parse(`"${text}"`);
const toPo = (text) => JSON.stringify(text).slice(1, -1);

const translations = {};
for (const file of process.argv.slice(2)) Object.assign(translations, JSON.parse(readFileSync(file, 'utf8')));

let applied = 0;
for (const name of readdirSync('src/locales/de').filter((entry) => entry.endsWith('.po'))) {
  const path = `src/locales/de/${name}`;
  const lines = readFileSync(path, 'utf8').split('\n');
  const out = [];
  for (let index = 0; index < lines.length; index++) {
    const start = lines[index].match(/^msgid "(.*)"$/);
    if (!start) {
      out.push(lines[index]);
      continue;
    }
    let msgid = fromPo(start[1]);
    // A message with a context (`msgctxt`) is translated by hand: the same English may mean two things.
    const withContext = /^msgctxt /.test(lines[index - 1] ?? '');
    out.push(lines[index]);
    while (/^".*"$/.test(lines[index + 1] ?? '')) {
      index++;
      msgid += fromPo(lines[index].slice(1, -1));
      out.push(lines[index]);
    }
    const german = msgid === '' || withContext ? undefined : translations[msgid];
    if (german === undefined || !/^msgstr /.test(lines[index + 1] ?? '')) continue;
    // Replace the msgstr and its continuation lines.
    index++;
    while (/^".*"$/.test(lines[index + 1] ?? '')) index++;
    out.push(`msgstr "${toPo(german)}"`);
    applied++;
  }
  writeFileSync(path, out.join('\n'));
}
console.info(`${applied} German translation(s) applied from ${process.argv.length - 2} file(s).`);
