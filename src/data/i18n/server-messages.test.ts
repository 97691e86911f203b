import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ALARM_MSG } from '../../../contract/alarm-messages';
import { BASE_DATA_MSG } from '../../../contract/base-data-messages';
import { FILE_MSG } from '../../../contract/file-messages';
import { MAINTENANCE_MSG } from '../../../contract/maintenance-messages';
import { type CoreServerMessage, type DomainServerMessage, MSG } from '../../../contract/messages';
import { PROJECT_MSG } from '../../../contract/project-messages';
import { SERVER_MESSAGE_TABLES } from '../../../contract/server-message-tables';
import { SETTINGS_MSG } from '../../../contract/settings-messages';
import { SIM_MSG } from '../../../contract/sim-messages';
import { TABLEAU_MSG } from '../../../contract/tableau-messages';
import { i18n, loadCatalog } from './i18n';
import { SCREEN_SERVER_MESSAGES } from './screen-server-messages';
import { SERVER_MESSAGES, translateServerMessage } from './server-messages';

/** A text of each domain table, in German as the `screens` catalog has it. */
const GERMAN_DOMAIN_TEXTS: [DomainServerMessage, string][] = [
  [ALARM_MSG.alarmNotFound, 'Alarm nicht gefunden'],
  [BASE_DATA_MSG.baseEntryNotFound, 'Stammdateneintrag nicht gefunden'],
  [FILE_MSG.blobNotFound, 'Die angegebene Datei existiert nicht'],
  [MAINTENANCE_MSG.workDoneRequired, 'Beschreiben Sie die ausgeführten Arbeiten'],
  [PROJECT_MSG.projectNotFound, 'Das angefragte Projekt existiert nicht.'],
  [SETTINGS_MSG.settingsNotJson, 'Die Einstellungen sind kein gültiges JSON'],
  [SIM_MSG.simNotFound, 'SIM-Karte nicht gefunden'],
  [TABLEAU_MSG.templateNotFound, 'Vorlage nicht gefunden'],
];

const isCore = (text: string): text is CoreServerMessage => Object.hasOwn(SERVER_MESSAGES, text);

describe('server messages', () => {
  it('has a message for every contract MSG text, with that text as its source', () => {
    for (const text of Object.values(MSG)) {
      expect(SERVER_MESSAGES[text]?.message ?? SERVER_MESSAGES[text]?.id).toBe(text);
    }
  });

  it('translates a known text through the catalog of the active language', () => {
    const descriptor = SERVER_MESSAGES[MSG.tokenExpired];
    const i18n = setupI18n({
      locale: 'de',
      messages: { de: { [descriptor.id as string]: 'Token abgelaufen' } },
    });
    expect(translateServerMessage(i18n, MSG.tokenExpired)).toBe('Token abgelaufen');
  });

  it('falls back to the raw text when the server sends something unknown', () => {
    const i18n = setupI18n({ locale: 'de', messages: { de: {} } });
    expect(translateServerMessage(i18n, 'Database on fire')).toBe('Database on fire');
    expect(translateServerMessage(i18n, 'toString')).toBe('toString');
  });

  it('translates each domain table once its catalog is loaded, whichever page loaded it', async () => {
    i18n.activate('de');
    // Before: shown as the server sent it.
    for (const [text] of GERMAN_DOMAIN_TEXTS) expect(translateServerMessage(i18n, text)).toBe(text);

    await loadCatalog('screens');

    for (const [text, german] of GERMAN_DOMAIN_TEXTS) expect(translateServerMessage(i18n, text)).toBe(german);
    expect(translateServerMessage(i18n, MSG.tokenExpired)).toBe('Token abgelaufen');
  });

  it('has every text of every table translated once the catalogs are loaded', async () => {
    i18n.activate('de');
    await loadCatalog('screens');
    for (const text of SERVER_MESSAGE_TABLES.flatMap((table) => Object.values(table))) {
      const descriptor = isCore(text) ? SERVER_MESSAGES[text] : SCREEN_SERVER_MESSAGES[text];
      expect(descriptor.message ?? descriptor.id).toBe(text);
      expect(i18n.messages[descriptor.id as string], text).toBeDefined();
    }
  });
});
