import { msg } from '@lingui/core/macro';
import type { PROJECT_MSG } from '../../../contract/project-messages';
import { registerServerMessages } from '../../data/server-messages';

type SettingsMessage = (typeof PROJECT_MSG)[
  | 'settingsNotJson'
  | 'settingsInvalid'
  | 'settingsVersionNotFound'];

/** The settings texts the server may send, translated with the JSON screen (src/data/server-messages.ts). */
registerServerMessages<SettingsMessage>({
  'The settings are not valid JSON': msg`The settings are not valid JSON`,
  'The settings do not match the schema': msg`The settings do not match the schema`,
  'Settings version not found': msg`Settings version not found`,
});
