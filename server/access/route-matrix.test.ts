import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EndpointDefinition } from '../../contract/api/endpoint';
import { listEndpoints } from '../../contract/api/table';
import { DEMO_PASSWORD } from '../../contract/constants';
import { ApiErrorSchema } from '../../contract/errors';
import { MSG } from '../../contract/messages';
import { hasRole, ROLES, type Role } from '../../contract/roles';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../tests/server/helpers/app';
import { alarms } from '../db/schema/alarms';
import { outboxMessages } from '../db/schema/outbox';
import { readOutbox } from '../integrations/mail/mailer';
import { createLiftFixtures, type LiftFixtures } from '../modules/lifts/lift-fixtures';
import { formData } from '../modules/storage/storage-fixtures';

/**
 * Every endpoint of the API table × every role × the role's own resources and another customer's
 * (docs/access.md). Generated from the table: an endpoint without a case below fails the first
 * test, so a new route is covered from the day it is added.
 *
 * For each endpoint and role:
 * - a role below the endpoint's rule is refused with 403 before anything else runs;
 * - an allowed role's request about his own resources is not refused (no 401, 403, 404, 5xx);
 * - for customers, customer admins and service men, no answer contains anything of the other
 *   customer's (his lift, its messages, his user), whether asked about his own or the foreign one;
 * - where the path names a resource, the foreign one answers 404 (or 403) to them.
 */

type Which = 'own' | 'foreign';
interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
interface World {
  f: LiftFixtures;
  /** A user each manager role created (the customer's and the customer admin's service men). */
  managedBy: Record<Role, string>;
  descriptionId: string;
  /** SIM session tokens of the roles that may open SIM management. */
  simTokens: Partial<Record<Role, string>>;
  /** A card the SIM provider knows. */
  iccid: string;
  /** A stored file on the own lift and one on the foreign lift. */
  files: Record<Which, string>;
  /** An open alarm on the own lift and one on the foreign lift. */
  alarms: Record<Which, string>;
  /** A mail that failed: the admins send it again (docs/outbox.md). */
  failedMessageId: string;
  /** An open defect on the own lift and one on the foreign lift (docs/inspections.md). */
  defects: Record<Which, string>;
  /** The inspections that found them. */
  inspections: Record<Which, string>;
  /** A project of the demo customer ("own") and one of the other customer. */
  projects: Record<Which, string>;
  /** A mail of the outbox (no SMTP_URL in this app) with one attachment. */
  outboxMailId: string;
  /** A stored settings version and a base data entry. */
  settingsVersionId: number;
  baseEntryId: string;
  /** A public tableau folder with an article, its part image, and a template (staff only). */
  tableau: { folderId: string; subfolderId: string; resourceId: string; templateId: string };
}
interface AccessCase {
  request?: (w: World, role: Role, which: Which) => Request;
  /** The path names a lift, message or user: another customer's answers 404 or 403. */
  pathScoped?: true;
  /** The own request would destroy the fixtures (deletes): only the role rule and the foreign request run. */
  destructive?: true;
  /** Ends the session it is sent with: it gets a session of its own. */
  endsSession?: true;
  /** Public: no role rule to test (sign-in, mailed links, health). */
  public?: true;
  /** Roles the rule lets in that the handler still refuses with 403 (customers add no lift files). */
  refused?: readonly Role[];
}

const lift = (w: World, which: Which) => (which === 'own' ? w.f.own : w.f.foreign);
const userOf = (w: World, role: Role, which: Which) =>
  which === 'own' ? w.managedBy[role] : w.f.otherCustomerId;
/** A person the role may chat with (sharing the own lift, or the same company), or the stranger. */
const contactOf = (w: World, role: Role, which: Which) => {
  if (which === 'foreign') return w.f.otherCustomerId;
  return role === 'service_man' || role === 'customer_admin' ? w.f.ids.customer : w.f.ids.service_man;
};
const page = { page: '1', pageSize: '50' };
/** A signature as the report form sends it: a PNG data URL (one grey pixel). */
const MATRIX_SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWPo6OgAAAM0AZmUse0HAAAAAElFTkSuQmCC';
const simBody = (w: World, role: Role) => ({ access_token: w.simTokens[role] ?? 'none' });

const CASES: Record<string, AccessCase> = {
  'system.health': { public: true },
  'system.config': { public: true },
  'session.authenticate': { public: true },
  'session.authenticateWithToken': { public: true },
  'session.logout': { endsSession: true },
  'users.list': { request: () => ({ query: page }) },
  'users.options': { request: () => ({ query: {} }) },
  'users.get': {
    pathScoped: true,
    request: (w, role, which) => ({ params: { id: userOf(w, role, which) } }),
  },
  'users.create': {
    request: (_w, role) => ({
      body: {
        email: `matrix-${role}-${crypto.randomUUID().slice(0, 6)}@matrix.test`,
        displayName: 'Matrix',
        role: 'service_man',
      },
    }),
  },
  'users.update': {
    pathScoped: true,
    request: (w, role, which) => ({
      params: { id: userOf(w, role, which) },
      body: { displayName: 'Matrix edit' },
    }),
  },
  'users.remove': {
    destructive: true,
    request: (w, role, which) => ({ body: { ids: [userOf(w, role, which)] } }),
  },
  'users.resendInvitation': {
    pathScoped: true,
    request: (w, role, which) => ({ params: { id: userOf(w, role, which) } }),
  },
  'accounts.invitation': { public: true },
  'accounts.updateByEmail': { public: true },
  'accounts.forgotPassword': { public: true },
  'accounts.resetToken': { public: true },
  'profile.me': {},
  'profile.update': { request: () => ({ body: {} }) },
  'profile.settings': { request: () => ({ body: {} }) },
  'profile.changePassword': {
    request: () => ({
      body: {
        currentPassword: 'not-the-password',
        password: 'new-password-1',
        confirmPassword: 'new-password-1',
      },
    }),
  },
  'profile.shortcuts': { request: () => ({ body: { shortcuts: [] } }) },
  'profile.uploadAvatar': {},
  'profile.avatar': { public: true },
  'email.send': {
    request: () => ({ body: { to: 'someone@matrix.test', subject: 'Matrix', html: '<p>Matrix</p>' } }),
  },
  'email.outbox': {},
  'email.outboxAttachment': { request: (w) => ({ params: { id: w.outboxMailId, index: '0' } }) },
  'lifts.list': { request: () => ({ query: page }) },
  'lifts.byUser': {
    request: (w, role, which) => ({
      query: { ...page, userId: which === 'own' ? w.f.ids[role] : w.f.otherCustomerId },
    }),
  },
  'lifts.summary': { request: () => ({ query: {} }) },
  'lifts.get': { pathScoped: true, request: (w, _role, which) => ({ params: { id: lift(w, which).id } }) },
  'lifts.register': {
    request: (w, role) => ({
      body: {
        uid: `MATRIX-${role}`,
        address: 'Matrixweg 1, Berlin',
        imei: String(470_000_000_000_000 + ROLES.indexOf(role)),
        customers: [w.f.ids.customer],
      },
    }),
  },
  'lifts.update': {
    pathScoped: true,
    request: (w, _role, which) => ({
      params: { id: lift(w, which).id },
      body: { address: 'Matrixweg 2, Berlin' },
    }),
  },
  'lifts.remove': {
    destructive: true,
    request: (w, _role, which) => ({ body: { ids: [lift(w, which).id] } }),
  },
  'lifts.rotateDeviceKey': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: lift(w, which).id } }),
  },
  'devices.sendParameters': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: lift(w, which).id }, body: w.f.own.parameters ?? {} }),
  },
  'devices.sendCommand': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: lift(w, which).id }, body: { name: 'resendParams' } }),
  },
  'devices.connected': {},
  'descriptions.list': {},
  'descriptions.get': { request: (w) => ({ params: { id: w.descriptionId } }) },
  'descriptions.register': {
    request: (_w, role) => ({
      body: { number: 9000 + ROLES.indexOf(role), name: 'Matrix', nameDE: 'Matrix', type: 'info' },
    }),
  },
  'descriptions.update': {
    request: (w) => ({ params: { id: w.descriptionId }, body: { name: 'Matrix fault' } }),
  },
  'descriptions.remove': { destructive: true, request: (w) => ({ body: { ids: [w.descriptionId] } }) },
  'messages.list': { request: (w, _role, which) => ({ query: { ...page, liftId: lift(w, which).id } }) },
  'messages.stats': { request: (w, _role, which) => ({ query: { ...page, liftId: lift(w, which).id } }) },
  'messages.detailed': { request: (w, _role, which) => ({ query: { ...page, liftId: lift(w, which).id } }) },
  'messages.saveNotes': {
    pathScoped: true,
    request: (w, _role, which) => ({
      params: { messageId: which === 'own' ? w.f.ownMessageId : w.f.foreignMessageId },
      body: { year: w.f.year, isNotes: true, notes: { title: 'Matrix', notes: 'Checked', urls: [] } },
    }),
  },
  'messages.addNote': {
    pathScoped: true,
    request: (w, _role, which) => ({
      params: { messageId: which === 'own' ? w.f.ownMessageId : w.f.foreignMessageId },
      body: { year: w.f.year, id: crypto.randomUUID(), text: 'Matrix', urls: [] },
    }),
  },
  // The author rule (only the author changes his entry) is messages.test.ts's: here the scope.
  'messages.editNote': {
    destructive: true,
    pathScoped: true,
    request: (w, _role, which) => ({
      params: {
        messageId: which === 'own' ? w.f.ownMessageId : w.f.foreignMessageId,
        entryId: crypto.randomUUID(),
      },
      body: { year: w.f.year, text: 'Matrix', urls: [] },
    }),
  },
  'messages.removeNote': {
    destructive: true,
    pathScoped: true,
    request: (w, _role, which) => ({
      params: {
        messageId: which === 'own' ? w.f.ownMessageId : w.f.foreignMessageId,
        entryId: crypto.randomUUID(),
      },
      body: { year: w.f.year },
    }),
  },
  'messages.remove': {
    destructive: true,
    request: (w, _role, which) => ({
      body: { ids: [which === 'own' ? w.f.ownMessageId : w.f.foreignMessageId], year: w.f.year },
    }),
  },
  'logs.list': { request: () => ({ query: page }) },
  'logs.remove': { destructive: true, request: () => ({ body: { ids: [crypto.randomUUID()] } }) },
  'logs.removeAll': { destructive: true },
  'chat.contacts': {},
  'chat.messages': { request: (w, role, which) => ({ query: { contactId: contactOf(w, role, which) } }) },
  'chat.send': {
    request: (w, role, which) => ({ body: { contactId: contactOf(w, role, which), messageText: 'Matrix' } }),
  },
  'chat.unread': {},
  'chat.read': { request: (w, role, which) => ({ body: { contactId: contactOf(w, role, which) } }) },
  'chat.star': {
    pathScoped: true,
    request: (w, role, which) => ({ params: { id: contactOf(w, role, which) }, body: { starred: true } }),
  },
  'sync.pull': { request: () => ({ query: {} }) },
  'sims.authenticate': {
    request: (_w, role) => ({ body: { email: DEMO_EMAILS[role], password: DEMO_PASSWORD } }),
  },
  'sims.authenticateWithToken': { request: (w, role) => ({ body: simBody(w, role) }) },
  'sims.check': { request: (w, role) => ({ query: simBody(w, role) }) },
  'sims.list': { request: (w, role) => ({ body: { ...simBody(w, role), page: 1, pageSize: 10 } }) },
  'sims.refresh': { request: (w, role) => ({ body: simBody(w, role) }) },
  'sims.refreshState': { request: (w, role) => ({ query: simBody(w, role) }) },
  'storage.listBlobs': { request: () => ({ body: { containerName: 'matrix' } }) },
  'storage.deleteBlob': { request: () => ({ body: { containerName: 'avatars', fileName: 'none.png' } }) },
  'storage.downloadBlob': { request: () => ({ body: { containerName: 'matrix', fileName: 'm.pdf' } }) },
  'storage.uploadBlob': { request: () => ({ body: {} }) },
  'storage.createContainer': {
    request: (_w, role) => ({ body: { containerName: `matrix-${ROLES.indexOf(role)}` } }),
  },
  'storage.deleteContainer': { destructive: true, request: () => ({ body: { containerName: 'matrix' } }) },
  'storage.listContainers': {},
  'storage.containerExists': { request: () => ({ body: { containerName: 'matrix' } }) },
  'storage.blob': { public: true },
  'files.byLift': { request: (w, _role, which) => ({ query: { liftId: lift(w, which).id } }) },
  'files.register': {
    refused: ['customer'],
    request: (w, _role, which) => ({
      body: {
        uid: crypto.randomUUID(),
        liftId: lift(w, which).id,
        name: 'Matrix.pdf',
        url: 'https://example.com/matrix.pdf',
      },
    }),
  },
  'files.remove': {
    destructive: true,
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: w.files[which] } }),
  },
  'files.link': { pathScoped: true, request: (w, _role, which) => ({ params: { id: w.files[which] } }) },
  // Public for `<img>` links; its scope (token or signed link) is tested in server/modules/files.
  'files.content': { public: true },
  'alarms.list': { request: (w, _role, which) => ({ query: { liftId: lift(w, which).id } }) },
  'alarms.count': {},
  'alarms.get': { pathScoped: true, request: (w, _role, which) => ({ params: { id: w.alarms[which] } }) },
  'alarms.acknowledge': {
    pathScoped: true,
    refused: ['customer'],
    request: (w, _role, which) => ({ params: { id: w.alarms[which] } }),
  },
  // Ids outside the user's lifts are left out, not refused: the answer must hold nothing foreign.
  'alarms.acknowledgeMany': {
    refused: ['customer'],
    request: (w, _role, which) => ({ body: { ids: [w.alarms[which]] } }),
  },
  'alarms.test': { pathScoped: true, request: (w, _role, which) => ({ params: { id: lift(w, which).id } }) },
  'alarms.lineTest': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: lift(w, which).id } }),
  },
  'outbox.list': { request: () => ({ query: { state: 'failed' } }) },
  // The first allowed role sends it again; later ones get 409, as it is no longer failed.
  'outbox.retry': { request: (w) => ({ params: { id: w.failedMessageId } }) },
  'outbox.alarmDeliveries': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: w.alarms[which] } }),
  },
  'push.key': {},
  'push.subscribe': {
    request: (_w, role) => ({
      body: {
        endpoint: `https://push.example.com/matrix/${role}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      },
    }),
  },
  'push.unsubscribe': {
    request: (_w, role) => ({ body: { endpoint: `https://push.example.com/matrix/${role}` } }),
  },
  'earlyWarnings.list': {},
  'earlyWarnings.lift': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: lift(w, which).id } }),
  },
  'analytics.get': { request: (w, _role, which) => ({ query: { range: '7D', liftId: lift(w, which).id } }) },
  'inspections.due': {},
  'inspections.lift': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: lift(w, which).id } }),
  },
  'inspections.record': {
    pathScoped: true,
    request: (w, _role, which) => ({
      params: { id: lift(w, which).id },
      body: { inspectedOn: '2026-01-05', kind: 'other', body: 'Matrix body', result: 'none' },
    }),
  },
  'inspections.attachReport': {
    pathScoped: true,
    request: (w, _role, which) => ({
      params: { id: w.inspections[which] },
      body: { reportFileId: w.files[which] },
    }),
  },
  'inspections.setInterval': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: lift(w, which).id }, body: { mainEveryMonths: 24 } }),
  },
  'inspections.fix': {
    pathScoped: true,
    refused: ['customer', 'customer_admin'],
    request: (w, _role, which) => ({ params: { id: w.defects[which] }, body: { fixNote: 'Matrix fix' } }),
  },
  'inspections.close': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: w.defects[which] } }),
  },
  'maintenance.due': {},
  'maintenance.lift': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: lift(w, which).id } }),
  },
  'maintenance.record': {
    pathScoped: true,
    refused: ['customer'],
    request: (w, _role, which) => ({
      params: { id: lift(w, which).id },
      body: { visitedOn: '2026-01-05', workDone: 'Matrix visit' },
    }),
  },
  'maintenance.setPlan': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: lift(w, which).id }, body: { everyTrips: 40000 } }),
  },
  'maintenance.stickers': { request: (w, _role, which) => ({ query: { ids: lift(w, which).id } }) },
  'serviceReports.create': {
    pathScoped: true,
    refused: ['customer', 'customer_admin'],
    request: (w, _role, which) => ({
      params: { id: lift(w, which).id },
      body: {
        id: crypto.randomUUID(),
        workDone: 'Matrix report',
        minutesOnSite: 30,
        liftInService: true,
        signerName: 'Matrix Signer',
        signature: MATRIX_SIGNATURE,
        signedAt: new Date().toISOString(),
      },
    }),
  },
  'serviceReports.lift': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: lift(w, which).id } }),
  },
  'serviceReports.list': { request: () => ({ query: page }) },
  'serviceReports.parts': {},
  'tableau.folders': { request: () => ({ query: {} }) },
  'tableau.folder': { request: (w) => ({ params: { id: w.tableau.folderId } }) },
  'tableau.registerFolder': { request: () => ({ body: { name: 'Matrix line', isPublic: true } }) },
  'tableau.updateFolder': {
    request: (w) => ({ params: { id: w.tableau.folderId }, body: { name: 'Matrix folder', notes: 'n' } }),
  },
  'tableau.removeFolder': { destructive: true, request: (w) => ({ params: { id: w.tableau.folderId } }) },
  'tableau.deleteFolders': { destructive: true, request: (w) => ({ body: { ids: [w.tableau.folderId] } }) },
  'tableau.subfolders': { request: (w) => ({ query: { folderId: w.tableau.folderId } }) },
  'tableau.subfolder': { request: (w) => ({ params: { id: w.tableau.subfolderId } }) },
  'tableau.registerSubfolder': {
    request: (w, role) => ({
      body: { folderId: w.tableau.folderId, name: 'Matrix part', number: `M-${role}-${crypto.randomUUID()}` },
    }),
  },
  'tableau.updateSubfolder': {
    request: (w) => ({
      params: { id: w.tableau.subfolderId },
      body: { folderId: w.tableau.folderId, name: 'Matrix button', number: 'M-1', price: '1.00' },
    }),
  },
  'tableau.deleteSubfolders': {
    destructive: true,
    request: (w) => ({ body: { ids: [w.tableau.subfolderId] } }),
  },
  'tableau.resources': {},
  'tableau.resourcesBySubfolder': { request: (w) => ({ query: { subfolderId: w.tableau.subfolderId } }) },
  'tableau.resource': { request: (w) => ({ params: { id: w.tableau.resourceId } }) },
  // A JSON body: refused as 415 after the role rule (the upload itself is tested in server/modules/tableau).
  'tableau.registerResource': { request: (w) => ({ body: { subfolderId: w.tableau.subfolderId } }) },
  'tableau.updateResource': {
    request: (w) => ({ params: { id: w.tableau.resourceId }, body: { name: 'Matrix image' } }),
  },
  'tableau.deleteResources': {
    destructive: true,
    request: (w) => ({ body: { ids: [w.tableau.resourceId] } }),
  },
  'tableau.templates': {},
  'tableau.templatesByType': { request: () => ({ query: { type: 'COP' } }) },
  'tableau.template': { request: (w) => ({ params: { id: w.tableau.templateId } }) },
  'tableau.registerTemplate': { request: () => ({ body: { name: 'Matrix LOP', type: 'LOP' } }) },
  'tableau.updateTemplate': {
    request: (w) => ({ params: { id: w.tableau.templateId }, body: { name: 'Matrix COP', type: 'COP' } }),
  },
  'tableau.deleteTemplates': {
    destructive: true,
    request: (w) => ({ body: { ids: [w.tableau.templateId] } }),
  },
  'tableau.templatePreview': { request: (w) => ({ params: { id: w.tableau.templateId }, body: {} }) },
  'tableau.templateBom': { request: (w) => ({ params: { id: w.tableau.templateId } }) },
  'sims.operation': {
    request: (w, role) => ({
      params: { apiName: 'status' },
      body: { ...simBody(w, role), iccid: w.iccid },
    }),
  },
  'settings.read': {},
  'settings.write': { request: () => ({ body: { data: '{ "maintenance": { "noticeDays": 5 } }' } }) },
  'settings.versions': {},
  'settings.restore': { request: (w) => ({ body: { versionId: w.settingsVersionId } }) },
  'base.list': {},
  'base.register': {
    request: (_w, role) => ({
      body: { category: 'cableType', key: `matrix-${role}`, labelDe: 'Matrix', labelEn: 'Matrix' },
    }),
  },
  'base.update': { request: (w) => ({ params: { id: w.baseEntryId }, body: { labelEn: 'Matrix' } }) },
  'base.remove': { destructive: true, request: (w) => ({ body: { ids: [w.baseEntryId] } }) },
  'projects.list': {},
  'projects.get': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: w.projects[which] } }),
  },
  'projects.register': {
    request: (w, _role, which) => ({
      body: {
        project: { name: 'Matrix project' },
        userId: which === 'own' ? w.f.ids.customer : w.f.otherCustomerId,
      },
    }),
  },
  'projects.offerPdf': {
    pathScoped: true,
    request: (w, _role, which) => ({ params: { id: w.projects[which] }, query: {} }),
  },
  'projects.update': {
    pathScoped: true,
    request: (w, _role, which) => ({
      params: { id: w.projects[which] },
      body: { project: { notes: 'Matrix' } },
    }),
  },
  'projects.remove': {
    destructive: true,
    request: (w, _role, which) => ({ body: { ids: [w.projects[which]] } }),
  },
};

const STAFF: readonly Role[] = ['dev', 'admin'];
const NOT_REFUSED = (status: number) => ![401, 403, 404].includes(status) && status < 500;

let t: TestApp;
let w: World;
/** What only the other customer's side holds: none of it may reach another customer or his people. */
let foreignMarkers: string[];

beforeAll(async () => {
  t = await createTestApp();
  const f = await createLiftFixtures(t);
  const managedBy = {} as Record<Role, string>;
  for (const manager of ['customer', 'customer_admin'] as const) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: await t.authHeaders(manager),
      payload: {
        email: `managed-by-${manager}@matrix.test`,
        displayName: `Managed by ${manager}`,
        role: 'service_man',
      },
    });
    if (created.statusCode !== 201) throw new Error(`managed user of ${manager}: ${created.body}`);
    managedBy[manager] = created.json<{ id: string }>().id;
  }
  managedBy.admin = managedBy.customer;
  managedBy.dev = managedBy.customer;
  managedBy.service_man = f.ids.service_man;
  const description = await t.app.inject({
    method: 'POST',
    url: '/api/descriptions/register',
    headers: await t.authHeaders('admin'),
    payload: { number: 8999, name: 'Matrix door', nameDE: 'Matrix Tür', type: 'error' },
  });
  if (description.statusCode >= 300) throw new Error(`description: ${description.body}`);
  const simTokens: World['simTokens'] = {};
  for (const role of STAFF) {
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/sims/authenticate',
      headers: await t.authHeaders(role),
      payload: { email: DEMO_EMAILS[role], password: DEMO_PASSWORD },
    });
    if (opened.statusCode === 200) simTokens[role] = opened.json<{ access_token: string }>().access_token;
  }
  // The portal's SIM rows come from the provider (the built-in simulator here): refresh them once.
  const adminHeaders = await t.authHeaders('admin');
  const refresh = (method: 'POST' | 'GET') =>
    t.app.inject({
      method,
      url:
        method === 'GET'
          ? `/api/sims/refresh?access_token=${encodeURIComponent(simTokens.admin ?? '')}`
          : '/api/sims/refresh',
      headers: adminHeaders,
      ...(method === 'POST' ? { payload: { access_token: simTokens.admin } } : {}),
    });
  await refresh('POST');
  await vi.waitFor(async () => expect((await refresh('GET')).json()).toMatchObject({ running: false }), {
    timeout: 10_000,
    interval: 50,
  });
  const cards = await t.app.inject({
    method: 'POST',
    url: '/api/sims',
    headers: await t.authHeaders('admin'),
    payload: { access_token: simTokens.admin, page: 1, pageSize: 100 },
  });
  // A card the provider reported (the fixtures' own rows are unknown to it).
  const iccid =
    cards.json<{ sims: { iccid: string; imsi: string | null }[] }>().sims.find((sim) => sim.imsi)?.iccid ??
    '';
  await t.app.storage.createContainer('matrix', { public: false });
  await t.app.storage.putBlob('matrix', 'm.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
  const files = {} as Record<Which, string>;
  for (const which of ['own', 'foreign'] as const) {
    const form = formData(
      { uid: `matrix-${which}`, liftId: (which === 'own' ? f.own : f.foreign).id },
      { fileName: 'matrix.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4') },
    );
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/files/register',
      payload: form.payload,
      headers: { ...form.headers, ...(await t.authHeaders('admin')) },
    });
    if (stored.statusCode !== 201) throw new Error(`lift file: ${stored.body}`);
    files[which] = stored.json<{ id: string }>().id;
  }
  const alarmIds = {} as Record<Which, string>;
  for (const which of ['own', 'foreign'] as const) {
    const [row] = await t.app.db
      .insert(alarms)
      .values({
        liftId: (which === 'own' ? f.own : f.foreign).id,
        kind: 'error',
        code: 8999,
        openedAt: new Date(),
      })
      .returning({ id: alarms.id });
    alarmIds[which] = row?.id ?? '';
  }
  const [failed] = await t.app.db
    .insert(outboxMessages)
    .values({
      channel: 'mail',
      kind: 'admin-mail',
      cause: 'matrix',
      recipient: 'matrix@example.com',
      payload: { channel: 'mail', mail: { subject: 'Matrix', text: 'Matrix', html: '<p>Matrix</p>' } },
      subject: 'Matrix',
      state: 'failed',
      attempts: 1,
      lastError: '550 Matrix',
      failedAt: new Date(),
    })
    .returning({ id: outboxMessages.id });
  const projects = {} as Record<Which, string>;
  for (const which of ['own', 'foreign'] as const) {
    const project = await t.app.inject({
      method: 'POST',
      url: '/api/projects/register',
      headers: adminHeaders,
      payload: {
        project: { name: `Matrix ${which}` },
        userId: which === 'own' ? f.ids.customer : f.otherCustomerId,
      },
    });
    if (project.statusCode !== 201) throw new Error(`project: ${project.body}`);
    projects[which] = project.json<{ id: string }>().id;
  }
  await t.app.mailer.send({
    to: 'matrix@matrix.test',
    subject: 'Matrix',
    text: 'Matrix',
    html: '<p>Matrix</p>',
    attachments: [
      { filename: 'matrix.pdf', content: Buffer.from('%PDF-matrix'), contentType: 'application/pdf' },
    ],
  });
  const [outboxMail] = await readOutbox(t.config.dataDir, 1);
  const settings = await t.app.inject({
    method: 'POST',
    url: '/api/json/write',
    headers: adminHeaders,
    payload: { data: '{}' },
  });
  const baseEntry = await t.app.inject({
    method: 'POST',
    url: '/api/base/register',
    headers: adminHeaders,
    payload: { category: 'cableType', key: 'matrix', labelDe: 'Matrix', labelEn: 'Matrix' },
  });
  const defectOn = async (liftId: string) => {
    const recorded = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${liftId}/inspections`,
      headers: adminHeaders,
      payload: {
        inspectedOn: '2026-01-05',
        kind: 'main',
        body: 'Matrix body',
        result: 'minor',
        defects: [{ text: 'Matrix defect', deadline: '2026-02-05' }],
      },
    });
    if (recorded.statusCode !== 201) throw new Error(`inspection: ${recorded.body}`);
    const inspection = recorded.json<{ id: string; defects: { id: string }[] }>();
    return { inspection: inspection.id, defect: inspection.defects[0]?.id ?? '' };
  };
  const own = await defectOn(f.own.id);
  const foreign = await defectOn(f.foreign.id);
  const defects = { own: own.defect, foreign: foreign.defect };
  const inspections = { own: own.inspection, foreign: foreign.inspection };
  w = {
    f,
    managedBy,
    descriptionId: description.json<{ id: string }>().id,
    simTokens,
    iccid,
    files,
    alarms: alarmIds,
    failedMessageId: failed?.id ?? '',
    defects,
    inspections,
    projects,
    outboxMailId: outboxMail?.id ?? '',
    settingsVersionId: settings.json<{ versionId: number }>().versionId,
    baseEntryId: baseEntry.json<{ id: string }>().id,
    tableau: await createTableauFixtures(),
  };
  foreignMarkers = [
    f.foreign.id,
    f.foreign.uid,
    f.foreign.imei,
    f.foreignMessageId,
    f.otherCustomerId,
    'other.customer@example.com',
  ];
});
afterAll(() => t.close());

let documented: Record<string, Record<string, { responses: Record<string, unknown> }>>;
beforeAll(async () => {
  const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  documented = docs.json<{ paths: typeof documented }>().paths;
});

/** A public folder with an article, a part image of it and a template, made by the admin. */
async function createTableauFixtures(): Promise<World['tableau']> {
  const headers = await t.authHeaders('admin');
  const post = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, headers, payload });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
    return response.json<{ id: string }>().id;
  };
  const folderId = await post('/api/folders/register', { name: 'Matrix folder', isPublic: true });
  const subfolderId = await post('/api/subfolders/register', {
    folderId,
    name: 'Matrix button',
    number: 'M-1',
  });
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
  const form = formData({ subfolderId }, { fileName: 'm.png', type: 'image/png', content: image });
  const stored = await t.app.inject({
    method: 'POST',
    url: '/api/resources/register',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
  if (stored.statusCode !== 201) throw new Error(`tableau resource: ${stored.body}`);
  const templateId = await post('/api/templates/register', { name: 'Matrix COP', type: 'COP' });
  return { folderId, subfolderId, resourceId: stored.json<{ id: string }>().id, templateId };
}

async function send(name: string, role: Role, which: Which) {
  const { endpoint } = listEndpoints().find((entry) => entry.name === name)!;
  const spec = CASES[name]!;
  const request = spec.request?.(w, role, which) ?? {};
  const url = `/api${endpoint.path.replace(/:([A-Za-z]+)/g, (_m, key: string) =>
    encodeURIComponent(request.params?.[key] ?? crypto.randomUUID()),
  )}`;
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  const token = spec.endsSession ? (await t.signInFresh(role)).access_token : null;
  const headers = token ? { authorization: `Bearer ${token}` } : await t.authHeaders(role);
  const response = await t.app.inject({
    method: endpoint.method,
    url: url + query,
    headers,
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
  expectAsDocumented(endpoint, response);
  return response;
}

/**
 * Every answer of the walk is one the OpenAPI document promises: a status it lists for the
 * operation, and a body of the table's answer schema (success) or the error shape.
 */
function expectAsDocumented(endpoint: EndpointDefinition, response: LightMyRequestResponse) {
  const path = `/api${endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
  const operation = documented[path]?.[endpoint.method.toLowerCase()];
  const where = `${endpoint.method} ${path} answered ${response.statusCode}`;
  expect(Object.keys(operation?.responses ?? {}), where).toContain(String(response.statusCode));
  if (response.statusCode >= 400) {
    expect(v.safeParse(ApiErrorSchema, response.json()).success, `${where}: ${response.body}`).toBe(true);
  } else if (endpoint.answer && response.statusCode === (endpoint.status ?? 200)) {
    const parsed = v.safeParse(endpoint.answer, response.json());
    expect(parsed.success, `${where}: ${JSON.stringify(parsed.issues?.[0])}`).toBe(true);
  }
}

describe('route × role × own and foreign, from the API table', () => {
  it('has a case for every endpoint of the table, and none for one that is gone', () => {
    const names = listEndpoints().map((entry) => entry.name);
    expect(names.filter((name) => !CASES[name])).toEqual([]);
    expect(Object.keys(CASES).filter((name) => !names.includes(name))).toEqual([]);
  });

  const rows = listEndpoints().flatMap(({ name, endpoint }) =>
    CASES[name]?.public ? [] : ROLES.map((role) => ({ name, endpoint, role })),
  );

  it.each(rows)('$name as $role', async ({ name, endpoint, role }) => {
    const spec = CASES[name]!;
    const rule = endpoint.auth;
    const allowed = rule === 'signedIn' || (rule !== 'public' && hasRole(role, rule));
    const staff = STAFF.includes(role);

    if (!allowed) {
      const refused = await send(name, role, 'own');
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ message: MSG.forbidden });
      return;
    }

    if (spec.refused?.includes(role)) {
      const refused = await send(name, role, 'own');
      expect(refused.statusCode, refused.body).toBe(403);
      return;
    }

    if (!spec.destructive) {
      const own = await send(name, role, 'own');
      expect(NOT_REFUSED(own.statusCode), `${own.statusCode} ${own.body}`).toBe(true);
      if (!staff) for (const marker of foreignMarkers) expect(own.body).not.toContain(marker);
    }

    if (!staff && spec.request) {
      const foreign = await send(name, role, 'foreign');
      expect(foreign.statusCode, foreign.body).toBeLessThan(500);
      for (const marker of foreignMarkers) expect(foreign.body).not.toContain(marker);
      if (spec.pathScoped) expect([403, 404], foreign.body).toContain(foreign.statusCode);
      if (spec.destructive) expect(foreign.statusCode, foreign.body).toBeGreaterThanOrEqual(400);
    }
  });
});
