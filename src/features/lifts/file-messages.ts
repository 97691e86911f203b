import { msg } from '@lingui/core/macro';
import type { FILE_MSG } from '../../../contract/file-messages';
import { registerServerMessages } from '../../data/server-messages';

type FileMessage = (typeof FILE_MSG)[keyof typeof FILE_MSG];

/** The file texts the server may send, translated with the lift screens (src/data/server-messages.ts). */
registerServerMessages<FileMessage>({
  'The specified container does not exist': msg`The specified container does not exist`,
  'The specified blob does not exist': msg`The specified blob does not exist`,
  "The Folder can't delete": msg`The Folder can't delete`,
  'This container is managed by the portal': msg`This container is managed by the portal`,
  'Use 3 to 63 lower-case letters, digits and single hyphens': msg`Use 3 to 63 lower-case letters, digits and single hyphens`,
  'This file name is not allowed': msg`This file name is not allowed`,
  'The file is too large': msg`The file is too large`,
  'Only PDF, JPEG, PNG or GIF files are allowed': msg`Only PDF, JPEG, PNG or GIF files are allowed`,
  'The requested range is not available': msg`The requested range is not available`,
  'File not found': msg`File not found`,
  'This uid belongs to another file': msg`This uid belongs to another file`,
  'Only https:// links or files of this portal are allowed': msg`Only https:// links or files of this portal are allowed`,
});
