import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../contract/messages';
import { SERVER_MESSAGES, translateServerMessage } from './server-messages';

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
});
