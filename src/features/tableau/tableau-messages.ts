import { msg } from '@lingui/core/macro';
import type { TABLEAU_MSG } from '../../../contract/tableau-messages';
import { registerServerMessages } from '../../data/server-messages';

type TableauMessage = (typeof TABLEAU_MSG)[keyof typeof TABLEAU_MSG];

/** The tableau texts the server may send, translated with the tableau screens (src/data/server-messages.ts). */
registerServerMessages<TableauMessage>({
  'Folder not found': msg`Folder not found`,
  "The Folder can't delete": msg`The Folder can't delete`,
  'Only the owner of a folder may change whether it is public': msg`Only the owner of a folder may change whether it is public`,
  'Article not found': msg`Article not found`,
  'This article number is already used in this folder': msg`This article number is already used in this folder`,
  'Enter the price in euros, e.g. 12.50': msg`Enter the price in euros, e.g. 12.50`,
  'Part image not found': msg`Part image not found`,
  'Template not found': msg`Template not found`,
  'The layout is not valid': msg`The layout is not valid`,
  'This article does not exist': msg`This article does not exist`,
  'Two elements have the same id': msg`Two elements have the same id`,
});
