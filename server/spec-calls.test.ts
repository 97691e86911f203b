import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../contract/roles';
import { createTestApp, type TestApp } from '../tests/server/helpers/app';

/**
 * Every call of the specification's API list (docs/api.md), with a role that may make it. A call
 * whose feature an open issue is still building is `pending` with that issue; the list of pending
 * calls shrinks to nothing as they land. Paths are the spec's, under `/api`.
 */
interface SpecCall {
  call: string;
  role: Role | 'guest';
  pending?: string;
}

const SPEC_CALLS: SpecCall[] = [
  // Authentication and mail
  { call: 'POST /api/users/authenticate', role: 'guest' },
  { call: 'POST /api/users/authenticatewithtoken', role: 'guest' },
  { call: 'POST /api/sims/authenticate', role: 'admin' },
  { call: 'POST /api/sims/authenticatewithtoken', role: 'admin' },
  { call: 'GET /api/sims-app/sims', role: 'admin' },
  { call: 'POST /api/email/sendMailOverGmailSMTP', role: 'admin' },
  // Users
  { call: 'GET /api/user-app/user', role: 'admin' },
  { call: 'GET /api/user-app/users', role: 'admin' },
  { call: 'POST /api/user-app/user/create', role: 'admin' },
  { call: 'POST /api/user-app/user/update', role: 'admin' },
  { call: 'POST /api/user-app/user/update-user-by-email', role: 'guest' },
  { call: 'POST /api/user-app/remove-users', role: 'admin' },
  { call: 'GET /api/users', role: 'admin' },
  { call: 'GET /api/users/{id}', role: 'admin' },
  { call: 'POST /api/users/register', role: 'admin' },
  { call: 'PUT /api/users/{id}', role: 'admin' },
  { call: 'POST /api/users/deleteByIds', role: 'admin' },
  { call: 'POST /api/users/updateByEmail', role: 'guest' },
  // Lifts
  { call: 'GET /api/lift-app/lifts', role: 'service_man' },
  { call: 'GET /api/lift-app/lifts-by-user-id', role: 'customer' },
  { call: 'GET /api/lift-app/lifts-by-pagination', role: 'customer' },
  { call: 'POST /api/lift-app/remove-lifts', role: 'admin' },
  { call: 'GET /api/lifts', role: 'service_man' },
  { call: 'GET /api/lifts/getByUserId', role: 'customer' },
  { call: 'GET /api/lifts/getByPagination', role: 'customer' },
  { call: 'GET /api/lifts/{id}', role: 'service_man' },
  { call: 'POST /api/lifts/register', role: 'admin' },
  { call: 'PUT /api/lifts/{id}', role: 'admin' },
  { call: 'POST /api/lifts/deleteByIds', role: 'admin' },
  // Base data
  { call: 'GET /api/base-app/base', role: 'service_man' },
  { call: 'GET /api/base', role: 'service_man' },
  { call: 'POST /api/base/register', role: 'admin' },
  { call: 'PUT /api/base/{id}', role: 'admin' },
  { call: 'POST /api/base/deleteByIds', role: 'admin' },
  // Descriptions
  { call: 'GET /api/descriptions-app/descriptions', role: 'service_man' },
  { call: 'POST /api/descriptions-app/save-description', role: 'admin' },
  { call: 'POST /api/descriptions-app/update-description', role: 'admin' },
  { call: 'POST /api/descriptions-app/remove-descriptions', role: 'admin' },
  { call: 'GET /api/descriptions', role: 'service_man' },
  { call: 'GET /api/descriptions/{id}', role: 'service_man' },
  { call: 'POST /api/descriptions/register', role: 'admin' },
  { call: 'PUT /api/descriptions/{id}', role: 'admin' },
  { call: 'POST /api/descriptions/deleteByIds', role: 'admin' },
  // SIMs
  { call: 'POST /api/sims', role: 'admin' },
  { call: 'POST /api/sims/{apiName}', role: 'admin' },
  // Logs
  { call: 'GET /api/logs/getByPagenation', role: 'dev' },
  { call: 'POST /api/logs/deleteByIds', role: 'dev' },
  { call: 'POST /api/logs/deleteAll', role: 'dev' },
  // Folders, subfolders, resources, templates
  ...[
    'GET /api/folders',
    'GET /api/folders/{id}',
    'POST /api/folders/register',
    'PUT /api/folders/{id}',
    'DELETE /api/folders/{id}',
    'POST /api/folders/deleteByIds',
    'GET /api/subfolders',
    'GET /api/subfolders/{id}',
    'POST /api/subfolders/register',
    'PUT /api/subfolders/{id}',
    'POST /api/subfolders/deleteByIds',
    'GET /api/resources',
    'GET /api/resources/getBySubfolderId',
    'GET /api/resources/{id}',
    'POST /api/resources/register',
    'PUT /api/resources/{id}',
    'POST /api/resources/deleteByIds',
    'GET /api/templates',
    'GET /api/templates/getByType',
    'POST /api/templates/register',
    'PUT /api/templates/{id}',
    'POST /api/templates/deleteByIds',
  ].map((call): SpecCall => ({ call, role: 'admin' })),
  // Files, JSON, projects, messages
  { call: 'GET /api/files/getByLiftId', role: 'service_man' },
  { call: 'POST /api/files/register', role: 'service_man' },
  { call: 'DELETE /api/files/{id}', role: 'admin' },
  { call: 'GET /api/json/read', role: 'admin' },
  { call: 'POST /api/json/write', role: 'admin' },
  { call: 'GET /api/projects', role: 'customer' },
  { call: 'GET /api/projects/{projectId}', role: 'customer' },
  { call: 'POST /api/projects/register', role: 'customer' },
  { call: 'PUT /api/projects/{id}', role: 'customer' },
  { call: 'POST /api/projects/deleteByIds', role: 'customer' },
  { call: 'GET /api/messages/getByPagenation', role: 'service_man' },
  { call: 'GET /api/messages/getStatsMsgs', role: 'service_man' },
  { call: 'GET /api/messages/getDetailedMsgs', role: 'service_man' },
  { call: 'PUT /api/messages/{messageId}', role: 'service_man' },
  { call: 'POST /api/messages/deleteByIds', role: 'admin' },
  // Cloud blob storage
  ...[
    'getBlobsInContainer',
    'deleteBlobInContainer',
    'downloadBlobInContainer',
    'uploadBlobInContainer',
    'createContainerInStorage',
    'deleteContainerInStorage',
    'listContainersInStorage',
    'isExistsContainerInStorage',
  ].map((name): SpecCall => ({ call: `POST /api/azure/${name}`, role: 'admin' })),
];

const split = (call: string) => {
  const [method = '', path = ''] = call.split(' ');
  return { method: method as 'GET' | 'POST' | 'PUT' | 'DELETE', path };
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const served = SPEC_CALLS.filter((entry) => !entry.pending);
const pending = SPEC_CALLS.filter((entry) => entry.pending);

describe(`the specification's calls: ${served.length} of ${SPEC_CALLS.length} served`, () => {
  it('lists every call once', () => {
    expect(new Set(SPEC_CALLS.map((entry) => entry.call)).size).toBe(SPEC_CALLS.length);
  });

  it.each(served)('$call has a route', ({ call }) => {
    const { method, path } = split(call);
    expect(t.app.hasRoute({ method, url: path.replace(/\{([A-Za-z]+)\}/g, ':$1') })).toBe(true);
  });

  it.each(served)('$call is open to $role: not refused for the role, never a 5xx', async ({ call, role }) => {
    const { method, path } = split(call);
    const headers = role === 'guest' ? {} : await t.authHeaders(role);
    const response = await t.app.inject({
      method,
      url: path.replace(/\{[A-Za-z]+\}/g, () => randomUUID()),
      headers,
      ...(method === 'GET' ? {} : { payload: {} }),
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect([401, 403, 405]).not.toContain(response.statusCode);
  });

  // A pending call that now has a route belongs in the served list: this keeps the list honest.
  it.each(pending)('$call is still being built ($pending)', ({ call }) => {
    const { method, path } = split(call);
    expect(t.app.hasRoute({ method, url: path.replace(/\{([A-Za-z]+)\}/g, ':$1') })).toBe(false);
  });
});
