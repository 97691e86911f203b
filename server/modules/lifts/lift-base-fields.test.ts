import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_DATA_MSG } from '../../../contract/base-data-messages';
import { MSG } from '../../../contract/messages';
import type { BaseEntry } from '../../../contract/schemas/base';
import { LiftRegisteredSchema, LiftSchema } from '../../../contract/schemas/lift';
import { SyncPullResponseSchema } from '../../../contract/schemas/sync';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { createLiftFixtures, type LiftFixtures } from './lift-fixtures';

let t: TestApp;
let f: LiftFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await createLiftFixtures(t);
});
afterAll(() => t.close());

const as = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.authHeaders('admin'), ...(payload ? { payload } : {}) });

let counter = 0;
const newLift = (extra: object = {}) => ({
  uid: `B-${++counter}`,
  address: `Basisweg ${counter}, 10115 Berlin`,
  imei: String(480_000_000_000_000 + counter),
  customers: [f.ids.customer],
  ...extra,
});

const entryOf = async (category: string, key: string) => {
  const entries = (await as('GET', '/api/base')).json<{ entries: BaseEntry[] }>().entries;
  const entry = entries.find((item) => item.category === category && item.key === key);
  if (!entry) throw new Error(`no base entry ${category}/${key}`);
  return entry;
};

describe('lift fields from base data (docs/base-data.md)', () => {
  it('stores the keys of active entries of each category and shows them in the lift and the mirror', async () => {
    const response = await as(
      'POST',
      '/api/lifts/register',
      newLift({ manufacturer: 'kone', driveType: 'mrl', doorType: 'center', buildingType: '' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const lift = v.parse(LiftRegisteredSchema, response.json());
    expect(lift).toMatchObject({
      manufacturer: 'kone',
      driveType: 'mrl',
      doorType: 'center',
      buildingType: null,
    });

    const changed = await as('PUT', `/api/lifts/${lift.id}`, { buildingType: 'office', doorType: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(v.parse(LiftSchema, changed.json())).toMatchObject({
      manufacturer: 'kone',
      doorType: null,
      buildingType: 'office',
    });

    const pulled = await t.app.inject({
      method: 'GET',
      url: '/api/sync/pull',
      headers: await t.authHeaders('admin'),
    });
    expect(pulled.statusCode, pulled.body).toBe(200);
    const mirrored = v.parse(SyncPullResponseSchema, pulled.json()).lifts.find((row) => row.id === lift.id);
    expect(mirrored).toMatchObject({ manufacturer: 'kone', driveType: 'mrl', buildingType: 'office' });
  });

  it('refuses a key of another category, an unknown key and an inactive entry, on their fields', async () => {
    const inactive = await entryOf('doorType', 'swing');
    await as('PUT', `/api/base/${inactive.id}`, { active: false });
    const response = await as(
      'POST',
      '/api/lifts/register',
      newLift({ manufacturer: 'hydraulic', driveType: 'warp', doorType: 'swing', buildingType: 'hospital' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: {
        manufacturer: MSG.invalidValue,
        driveType: MSG.invalidValue,
        doorType: MSG.invalidValue,
      },
    });
    await as('PUT', `/api/base/${inactive.id}`, { active: true });
  });

  it('deactivates instead of deleting an entry a lift uses, and the lift keeps its key', async () => {
    const created = await as('POST', '/api/base/register', {
      category: 'liftManufacturer',
      key: 'orona',
      labelDe: 'Orona',
      labelEn: 'Orona',
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json<BaseEntry>();
    const lift = (await as('POST', '/api/lifts/register', newLift({ manufacturer: 'orona' }))).json<{
      id: string;
    }>();

    const removed = await as('POST', '/api/base/deleteByIds', { ids: [entry.id] });
    expect(removed.json()).toEqual({
      message: BASE_DATA_MSG.baseEntriesDeactivated,
      count: 0,
      deactivated: 1,
    });
    expect(await entryOf('liftManufacturer', 'orona')).toMatchObject({ active: false });

    // Its lift may still be saved with the key it has, but no other lift may take it.
    const kept = await as('PUT', `/api/lifts/${lift.id}`, {
      manufacturer: 'orona',
      address: 'Neue Straße 1',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const taken = await as('POST', '/api/lifts/register', newLift({ manufacturer: 'orona' }));
    expect(taken.json()).toMatchObject({ fieldErrors: { manufacturer: MSG.invalidValue } });

    // Once no live lift uses it, it is deleted.
    await as('POST', '/api/lifts/deleteByIds', { ids: [lift.id] });
    const again = await as('POST', '/api/base/deleteByIds', { ids: [entry.id] });
    expect(again.json()).toEqual({ message: MSG.deleted, count: 1, deactivated: 0 });
  });
});
