import { useLingui } from '@lingui/react/macro';
import { LANGUAGES, type Language } from '../../../contract/constants';
import { useActiveLanguage } from '../../data/i18n/i18n';
import { chooseLanguage } from '../../data/preferences/user-settings';
import { ChoiceMenu } from '../../ui/ChoiceMenu';
import { LanguagesIcon } from '../../ui/LanguagesIcon';

/** Each language is named in itself, so a reader finds his own whatever is active now. */
const LANGUAGE_NAMES: Record<Language, string> = { de: 'Deutsch', en: 'English' };
const LANGUAGE_CHOICES = LANGUAGES.map((language) => ({
  value: language,
  label: LANGUAGE_NAMES[language],
  lang: language,
}));

export function LanguageMenu() {
  const { t } = useLingui();
  const active = useActiveLanguage();
  return (
    <ChoiceMenu label={t`Language`} choices={LANGUAGE_CHOICES} value={active} onChange={chooseLanguage}>
      <LanguagesIcon />
      {active.toUpperCase()}
    </ChoiceMenu>
  );
}
