import { ALARM_MSG } from './alarm-messages';
import { ANALYTICS_MSG } from './analytics-messages';
import { FILE_MSG } from './file-messages';
import { MSG, type ServerMessage } from './messages';
import { PROJECT_MSG } from './project-messages';
import { SIM_MSG } from './sim-messages';
import { TABLEAU_MSG } from './tableau-messages';

/**
 * Every table of server texts: the core MSG and each domain's own. The server checks validation
 * texts against it; a new domain table is added here and to `ServerMessage` (messages.ts). Not
 * for the browser, which loads each domain's translations with its screens.
 */
export const SERVER_MESSAGE_TABLES: readonly Readonly<Record<string, ServerMessage>>[] = [
  MSG,
  SIM_MSG,
  ANALYTICS_MSG,
  FILE_MSG,
  ALARM_MSG,
  PROJECT_MSG,
  TABLEAU_MSG,
];
