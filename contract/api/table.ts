import { accountsApi } from './accounts';
import { alarmsApi } from './alarms';
import { analyticsApi } from './analytics';
import { baseApi } from './base';
import { chatApi } from './chat';
import { descriptionsApi } from './descriptions';
import { devicesApi } from './devices';
import { earlyWarningsApi } from './early-warnings';
import { emailApi } from './email';
import type { EndpointDefinition } from './endpoint';
import { filesApi } from './files';
import { inspectionsApi } from './inspections';
import { liftsApi } from './lifts';
import { logsApi } from './logs';
import { maintenanceApi } from './maintenance';
import { messagesApi } from './messages';
import { outboxApi } from './outbox';
import { profileApi } from './profile';
import { projectsApi } from './projects';
import { pushApi } from './push';
import { serviceReportsApi } from './service-reports';
import { sessionApi } from './session';
import { settingsApi } from './settings';
import { simsApi } from './sims';
import { storageApi } from './storage';
import { syncApi } from './sync';
import { systemApi } from './system';
import { tableauApi } from './tableau';
import { usersApi } from './users';

/**
 * Every HTTP endpoint of the portal, by domain. The server refuses to start when one of them has
 * no handler or a route under `/api` is not one of them (server/plugins/endpoints.ts); tests walk it.
 */
const API_TABLE = {
  system: systemApi,
  session: sessionApi,
  users: usersApi,
  accounts: accountsApi,
  profile: profileApi,
  email: emailApi,
  lifts: liftsApi,
  devices: devicesApi,
  descriptions: descriptionsApi,
  messages: messagesApi,
  logs: logsApi,
  chat: chatApi,
  sync: syncApi,
  sims: simsApi,
  storage: storageApi,
  files: filesApi,
  alarms: alarmsApi,
  push: pushApi,
  outbox: outboxApi,
  analytics: analyticsApi,
  earlyWarnings: earlyWarningsApi,
  maintenance: maintenanceApi,
  inspections: inspectionsApi,
  serviceReports: serviceReportsApi,
  settings: settingsApi,
  base: baseApi,
  projects: projectsApi,
  tableau: tableauApi,
} satisfies Record<string, Record<string, EndpointDefinition>>;

/** The table as a flat list, named `domain.entry`. */
export function listEndpoints(): { name: string; endpoint: EndpointDefinition }[] {
  return Object.entries(API_TABLE).flatMap(([domain, entries]) =>
    Object.entries(entries).map(([entry, endpoint]) => ({ name: `${domain}.${entry}`, endpoint })),
  );
}
