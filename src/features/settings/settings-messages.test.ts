import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { checkSettingsText, SETTINGS_PROBLEMS } from '../../../contract/settings-check';
import { settingsProblemMessage } from './settings-messages';

describe('settings problems in the user language', () => {
  it('has the English text of the contract for every code, the bound filled in', () => {
    const english = setupI18n({ locale: 'en', messages: { en: {} } });
    for (const [code, text] of Object.entries(SETTINGS_PROBLEMS)) {
      expect(settingsProblemMessage(english, { code, limit: 7, message: '' })).toBe(
        text.replace('{limit}', '7'),
      );
    }
  });

  it('translates a problem of the editor check through the catalog, the bound as a value', () => {
    const checked = checkSettingsText('{ "maintenance": { "noticeDays": 400 } }');
    if (checked.ok) throw new Error('the check passed a bound broken');
    const [problem] = checked.problems;
    expect(problem).toMatchObject({ code: 'tooLarge', limit: 365 });
    const english = setupI18n({ locale: 'en', messages: { en: {} } });
    const source = settingsProblemMessage(english, { code: 'tooLarge', limit: 1, message: '' });
    expect(source).toBe('Must be at most 1');
    // The id the catalog knows the text by: found through the English fallback's descriptor.
    const german = setupI18n({ locale: 'de', messages: { de: {} } });
    const ids: string[] = [];
    german.on('missing', (event) => ids.push(event.id));
    settingsProblemMessage(german, problem as NonNullable<typeof problem>);
    const [id] = ids;
    if (!id) throw new Error('no catalog id asked for');
    german.load('de', { [id]: ['Höchstens ', ['limit']] });
    expect(settingsProblemMessage(german, problem as NonNullable<typeof problem>)).toBe('Höchstens 365');
  });

  it('shows the server text of a code it does not know', () => {
    const i18n = setupI18n({ locale: 'de', messages: { de: {} } });
    expect(settingsProblemMessage(i18n, { code: 'newerCode', message: 'Something new' })).toBe(
      'Something new',
    );
  });
});
