import { ALARM_MSG } from './alarm-messages';
import { BASE_DATA_MSG } from './base-data-messages';
import { FILE_MSG } from './file-messages';
import { INSPECTION_MSG } from './inspection-messages';
import { MAINTENANCE_MSG } from './maintenance-messages';
import { MSG, type ServerMessage } from './messages';
import { OUTBOX_MSG } from './outbox-messages';
import { PROJECT_MSG } from './project-messages';
import { REPORT_MSG } from './service-report-messages';
import { SETTINGS_MSG } from './settings-messages';
import { SIM_MSG } from './sim-messages';
import { TABLEAU_MSG } from './tableau-messages';

/**
 * Every table of server texts: the core MSG and each domain's own. The server checks validation
 * texts against it; a new domain table is added here and to `DomainServerMessage` (messages.ts).
 * Not for the browser, which has their translations in src/data/i18n/server-messages.ts.
 */
export const SERVER_MESSAGE_TABLES: readonly Readonly<Record<string, ServerMessage>>[] = [
  MSG,
  ALARM_MSG,
  BASE_DATA_MSG,
  FILE_MSG,
  INSPECTION_MSG,
  MAINTENANCE_MSG,
  OUTBOX_MSG,
  PROJECT_MSG,
  REPORT_MSG,
  SETTINGS_MSG,
  SIM_MSG,
  TABLEAU_MSG,
];
