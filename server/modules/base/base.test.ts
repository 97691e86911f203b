import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_DATA_MSG } from '../../../contract/base-data-messages';
import { MSG } from '../../../contract/messages';
import type { BaseEntry } from '../../../contract/schemas/base';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (role: 'admin' | 'service_man' = 'admin', url = '/api/base') => {
  const response = await t.app.inject({ method: 'GET', url, headers: await t.authHeaders(role) });
  expect(response.statusCode).toBe(200);
  return response.json<{ entries: BaseEntry[] }>().entries;
};

describe('base data', () => {
  it('starts with the company lists, read by every role and through the old path', async () => {
    const entries = await list('service_man');
    expect(entries.filter((entry) => entry.category === 'driveType').map((entry) => entry.key)).toEqual([
      'traction',
      'mrl',
      'hydraulic',
    ]);
    expect(await list('service_man', '/api/base-app/base')).toEqual(entries);
  });

  it('adds, changes and refuses a taken key; only admins write', async () => {
    const headers = await t.authHeaders('admin');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/base/register',
      headers,
      payload: { category: 'doorType', key: 'telescopic', labelDe: 'Teleskoptür', labelEn: 'Telescopic' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const entry = added.json<BaseEntry>();
    expect(entry).toMatchObject({ sort: 3, active: true, version: 1 });

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/base/register',
      headers,
      payload: { category: 'doorType', key: 'telescopic', labelDe: 'X', labelEn: 'X' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: BASE_DATA_MSG.baseKeyTaken,
      fieldErrors: { key: BASE_DATA_MSG.baseKeyTaken },
    });

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/base/${entry.id}`,
      headers,
      payload: { labelEn: 'Telescopic door', baseVersion: 1 },
    });
    expect(changed.json()).toMatchObject({ labelEn: 'Telescopic door', version: 2 });
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/base/${entry.id}`,
      headers,
      payload: { labelEn: 'Old', baseVersion: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: MSG.staleVersion,
      current: { labelEn: 'Telescopic door' },
    });

    const customer = await t.app.inject({
      method: 'PUT',
      url: `/api/base/${entry.id}`,
      headers: await t.authHeaders('customer_admin'),
      payload: { labelEn: 'Mine' },
    });
    expect(customer.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/base/register',
      headers,
      payload: { category: 'nonsense', key: 'a b', labelDe: '', labelEn: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fieldErrors: object }>().fieldErrors).sort()).toEqual([
      'category',
      'key',
      'labelDe',
    ]);
  });

  it('deletes an unused entry and only deactivates one a project uses', async () => {
    const headers = await t.authHeaders('admin');
    const entries = await list();
    const hydraulic = entries.find((entry) => entry.key === 'hydraulic');
    const round = entries.find((entry) => entry.key === 'round');
    const project = await t.app.inject({
      method: 'POST',
      url: '/api/projects/register',
      headers: await t.authHeaders('customer'),
      payload: {
        project: { name: 'Hydraulic lift', lifts: [{ stops: 3, loadKg: 630, driveType: 'hydraulic' }] },
      },
    });
    expect(project.statusCode, project.body).toBe(201);
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/base/deleteByIds',
      headers,
      payload: { ids: [hydraulic?.id, round?.id] },
    });
    expect(removed.json()).toEqual({
      message: BASE_DATA_MSG.baseEntriesDeactivated,
      count: 1,
      deactivated: 1,
    });
    const after = await list();
    expect(after.find((entry) => entry.key === 'hydraulic')).toMatchObject({ active: false });
    expect(after.find((entry) => entry.key === 'round')).toBeUndefined();
  });
});
