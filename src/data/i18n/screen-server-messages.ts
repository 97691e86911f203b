import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ALARM_MSG } from '../../../contract/alarm-messages';
import type { BASE_DATA_MSG } from '../../../contract/base-data-messages';
import type { FILE_MSG } from '../../../contract/file-messages';
import type { INSPECTION_MSG } from '../../../contract/inspection-messages';
import type { MAINTENANCE_MSG } from '../../../contract/maintenance-messages';
import type { DomainServerMessage } from '../../../contract/messages';
import type { OUTBOX_MSG } from '../../../contract/outbox-messages';
import type { PROJECT_MSG } from '../../../contract/project-messages';
import type { REPORT_MSG } from '../../../contract/service-report-messages';
import type { SETTINGS_MSG } from '../../../contract/settings-messages';
import type { SIM_MSG } from '../../../contract/sim-messages';
import type { TABLEAU_MSG } from '../../../contract/tableau-messages';

/** A domain's table of server texts, each as a Lingui message: typed, so none is missing. */
type Translations<Table extends Record<string, string>> = Record<Table[keyof Table], MessageDescriptor>;

const ALARM_TEXTS: Translations<typeof ALARM_MSG> = {
  'Alarm not found': msg`Alarm not found`,
  'The push subscription is not valid': msg`The push subscription is not valid`,
  'Notifications can only be sent to a public push service': msg`Notifications can only be sent to a public push service`,
  'Controller offline': msg`Controller offline`,
};

const BASE_DATA_TEXTS: Translations<typeof BASE_DATA_MSG> = {
  'Base data entry not found': msg`Base data entry not found`,
  'This key already exists in the category': msg`This key already exists in the category`,
  'Entries in use were deactivated instead of deleted': msg`Entries in use were deactivated instead of deleted`,
};

const FILE_TEXTS: Translations<typeof FILE_MSG> = {
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
};

const INSPECTION_TEXTS: Translations<typeof INSPECTION_MSG> = {
  'Enter a date as YYYY-MM-DD, not in the future': msg`Enter a date as YYYY-MM-DD, not in the future`,
  'Enter the deadline as YYYY-MM-DD, not before the inspection': msg`Enter the deadline as YYYY-MM-DD, not before the inspection`,
  'Name the inspection body': msg`Name the inspection body`,
  'Describe the defect': msg`Describe the defect`,
  'List the defects found, or choose “no defects”': msg`List the defects found, or choose “no defects”`,
  'An inspection without defects lists none': msg`An inspection without defects lists none`,
  'Describe what was done': msg`Describe what was done`,
  'Defect not found': msg`Defect not found`,
  'Only a fixed defect can be closed': msg`Only a fixed defect can be closed`,
  'Inspection not found': msg`Inspection not found`,
  'The report is not a stored file of this lift': msg`The report is not a stored file of this lift`,
  'The report must be a PDF or an image (JPEG, PNG)': msg`The report must be a PDF or an image (JPEG, PNG)`,
  'A photo is not a file of this lift': msg`A photo is not a file of this lift`,
};

const MAINTENANCE_TEXTS: Translations<typeof MAINTENANCE_MSG> = {
  'Describe the work done': msg`Describe the work done`,
  'Enter a date as YYYY-MM-DD, not in the future': msg`Enter a date as YYYY-MM-DD, not in the future`,
  'Photo links must start with https:// or /api/': msg`Photo links must start with https:// or /api/`,
  'Choose between 1 and 200 lifts': msg`Choose between 1 and 200 lifts`,
};

const PROJECT_TEXTS: Translations<typeof PROJECT_MSG> = {
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
  'An offer needs at least one line item': msg`An offer needs at least one line item`,
  'The offer has been sent: take it back to revise its items': msg`The offer has been sent: take it back to revise its items`,
  'Accept the terms of the offer to order': msg`Accept the terms of the offer to order`,
  'The offer has expired. Please ask for a new one.': msg`The offer has expired. Please ask for a new one.`,
  'No offer has been sent for this project yet': msg`No offer has been sent for this project yet`,
};

const SETTINGS_TEXTS: Translations<typeof SETTINGS_MSG> = {
  'The settings are not valid JSON': msg`The settings are not valid JSON`,
  'The settings do not match the schema': msg`The settings do not match the schema`,
  'Settings version not found': msg`Settings version not found`,
};

const SIM_TEXTS: Translations<typeof SIM_MSG> = {
  'The SIM session has ended. Please confirm your password again.': msg`The SIM session has ended. Please confirm your password again.`,
  'Unknown SIM operation': msg`Unknown SIM operation`,
  'SIM card not found': msg`SIM card not found`,
  'The SIM provider cannot be reached': msg`The SIM provider cannot be reached`,
  'Top-ups cannot be ordered yet: nobody is set to receive the orders. Your system administrator sets the recipients of top-up orders.': msg`Top-ups cannot be ordered yet: nobody is set to receive the orders. Your system administrator sets the recipients of top-up orders.`,
  'A top-up for this card was already requested within the last day': msg`A top-up for this card was already requested within the last day`,
  'Sent a message successfully': msg`Sent a message successfully`,
  'Connectivity reset requested': msg`Connectivity reset requested`,
};

const REPORT_TEXTS: Translations<typeof REPORT_MSG> = {
  'Describe the work done': msg`Describe the work done`,
  'Name the part': msg`Name the part`,
  'Enter a quantity above 0': msg`Enter a quantity above 0`,
  'Enter the minutes on site, 1 to 1440': msg`Enter the minutes on site, 1 to 1440`,
  'Enter the name of the person signing': msg`Enter the name of the person signing`,
  'The customer’s signature is missing': msg`The customer’s signature is missing`,
  'The time of signing is not valid': msg`The time of signing is not valid`,
  'This report id belongs to another report': msg`This report id belongs to another report`,
  'The maintenance visit was not found for this lift': msg`The maintenance visit was not found for this lift`,
  'The alarm was not found for this lift': msg`The alarm was not found for this lift`,
  'A photo is not a file of this lift': msg`A photo is not a file of this lift`,
};

const OUTBOX_TEXTS: Translations<typeof OUTBOX_MSG> = {
  'Message not found': msg`Message not found`,
  'Only a message that failed can be sent again': msg`Only a message that failed can be sent again`,
};

const TABLEAU_TEXTS: Translations<typeof TABLEAU_MSG> = {
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
};

/**
 * The domain texts the server may send (contract DomainServerMessage). Their translations are in
 * the lift screens' catalog (`screens`, lingui.config.ts), off the sign-in page's first load;
 * src/data/i18n/server-messages.ts translates them once it is loaded, whichever page loaded it. Typed,
 * so a new domain table fails the type check until it is added here.
 */
export const SCREEN_SERVER_MESSAGES: Readonly<Record<DomainServerMessage, MessageDescriptor>> = {
  ...ALARM_TEXTS,
  ...BASE_DATA_TEXTS,
  ...FILE_TEXTS,
  ...INSPECTION_TEXTS,
  ...MAINTENANCE_TEXTS,
  ...PROJECT_TEXTS,
  ...REPORT_TEXTS,
  ...SETTINGS_TEXTS,
  ...SIM_TEXTS,
  ...OUTBOX_TEXTS,
  ...TABLEAU_TEXTS,
};
