import { describe, expect, it } from 'vitest';
import { aDescription } from '../mirror/mirror-fixtures';
import { descriptionName, descriptionTexts, pickText } from './descriptions';

describe('pickText', () => {
  it("takes the user's language: German for a de locale, English otherwise", () => {
    expect(pickText('Tür', 'Door', 'de')).toEqual({ text: 'Tür', lang: 'de', fallback: false });
    expect(pickText('Tür', 'Door', 'de-AT')).toEqual({ text: 'Tür', lang: 'de', fallback: false });
    expect(pickText('Tür', 'Door', 'en')).toEqual({ text: 'Door', lang: 'en', fallback: false });
  });

  it('falls back to the other language, marked, only when the own one is empty or blank', () => {
    expect(pickText('  ', 'Door', 'de')).toEqual({ text: 'Door', lang: 'en', fallback: true });
    expect(pickText('Tür', '', 'en')).toEqual({ text: 'Tür', lang: 'de', fallback: true });
    // A row of a mirror filled before the German texts existed.
    expect(pickText(undefined, 'Door', 'de')).toEqual({ text: 'Door', lang: 'en', fallback: true });
    expect(pickText('', '', 'de')).toEqual({ text: '', lang: 'de', fallback: false });
  });
});

describe('descriptionTexts', () => {
  it('picks name, cause and remedy each on its own', () => {
    const description = aDescription('d1', 101, {
      name: 'Door zone fault',
      nameDE: 'Türzonenfehler',
      content: 'The car left the door zone.',
      contentDE: '',
      text: 'Check the switches.',
      textDE: 'Schalter prüfen.',
    });
    const german = descriptionTexts(description, 'de');
    expect(german.name).toMatchObject({ text: 'Türzonenfehler', fallback: false });
    expect(german.cause).toMatchObject({ text: 'The car left the door zone.', lang: 'en', fallback: true });
    expect(german.remedy).toMatchObject({ text: 'Schalter prüfen.', fallback: false });
    expect(descriptionTexts(description, 'en').remedy.text).toBe('Check the switches.');
    expect(descriptionName(description, 'en')).toBe('Door zone fault');
  });
});
