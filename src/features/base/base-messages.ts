import { msg } from '@lingui/core/macro';
import type { PROJECT_MSG } from '../../../contract/project-messages';
import { registerServerMessages } from '../../data/server-messages';

type BaseMessage = (typeof PROJECT_MSG)['baseEntryNotFound' | 'baseKeyTaken' | 'baseEntriesDeactivated'];

/** The base data texts the server may send, translated with /apps/base (src/data/server-messages.ts). */
registerServerMessages<BaseMessage>({
  'Base data entry not found': msg`Base data entry not found`,
  'This key already exists in the category': msg`This key already exists in the category`,
  'Entries in use were deactivated instead of deleted': msg`Entries in use were deactivated instead of deleted`,
});
