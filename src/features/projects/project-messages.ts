import { msg } from '@lingui/core/macro';
import type { PROJECT_MSG } from '../../../contract/project-messages';
import { registerServerMessages } from '../../data/server-messages';

type ProjectMessage = (typeof PROJECT_MSG)[
  | 'projectNotFound'
  | 'transitionRefused'
  | 'saved'
  | 'offerMailFailed'
  | 'itemsStaffOnly'
  | 'customerEditClosed'
  | 'customerRequired'
  | 'liftUnknown'
  | 'liftNamedTwice'
  | 'driveTypeUnknown'
  | 'cableLiftUnknown'];

/** The project texts the server may send, translated with the project screens (src/data/server-messages.ts). */
registerServerMessages<ProjectMessage>({
  'Requested project do not exist.': msg`Requested project do not exist.`,
  'This state change is not allowed': msg`This state change is not allowed`,
  'Saved successfully': msg`Saved successfully`,
  'The offer could not be mailed. Please try again.': msg`The offer could not be mailed. Please try again.`,
  'Only the lift company changes line items, designs and cables': msg`Only the lift company changes line items, designs and cables`,
  'The request can no longer be changed': msg`The request can no longer be changed`,
  'The project needs a customer': msg`The project needs a customer`,
  'No lift of this customer has this ID': msg`No lift of this customer has this ID`,
  'This lift is already named in the project': msg`This lift is already named in the project`,
  'Choose an active drive type': msg`Choose an active drive type`,
  "The cable belongs to none of the project's lifts": msg`The cable belongs to none of the project's lifts`,
});
