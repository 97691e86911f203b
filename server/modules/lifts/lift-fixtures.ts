import type { Role } from '../../../contract/roles';
import type { Lift } from '../../../contract/schemas/lift';
import type { TestApp } from '../../../tests/server/helpers/app';
import { messages } from '../../db/schema/messages';
import { sims } from '../../db/schema/sims';
import { users } from '../../db/schema/users';

/** Test fixtures: one lift of the demo customer ("own") and one of another company ("foreign"). */
export interface LiftFixtures {
  ids: Record<Role, string>;
  otherCustomerId: string;
  otherServiceManId: string;
  own: Lift & { deviceKey: string };
  foreign: Lift & { deviceKey: string };
  ownMessageId: string;
  foreignMessageId: string;
  year: number;
}

export const ROLES_AND_GUEST = [
  'dev',
  'admin',
  'customer_admin',
  'customer',
  'service_man',
  'guest',
] as const;
export type Who = (typeof ROLES_AND_GUEST)[number];

export async function headersOf(t: TestApp, who: Who): Promise<Record<string, string>> {
  return who === 'guest' ? {} : t.authHeaders(who);
}

export async function createLiftFixtures(t: TestApp): Promise<LiftFixtures> {
  const db = t.database.handle.db;
  const ids = {} as Record<Role, string>;
  for (const role of ['dev', 'admin', 'customer_admin', 'customer', 'service_man'] as const) {
    ids[role] = (await t.signInAs(role)).user.id;
  }
  const [otherCustomer, otherServiceMan] = await db
    .insert(users)
    .values([
      {
        email: 'other.customer@example.com',
        displayName: 'Olga Other',
        role: 'customer',
        companyId: 'ZZ-99',
      },
      { email: 'other.service@example.com', displayName: 'Otto Other', role: 'service_man' },
    ])
    .returning();
  if (!otherCustomer || !otherServiceMan) throw new Error('fixture users not created');
  await db.insert(sims).values([
    { iccid: '89490200001111111111', quotaBytes: 1000, usedBytes: 900 },
    { iccid: '89490200002222222222', quotaBytes: 1000, usedBytes: 100 },
  ]);
  const register = async (payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/lifts/register',
      headers: await t.authHeaders('admin'),
      payload,
    });
    if (response.statusCode !== 201) throw new Error(`register: ${response.body}`);
    return response.json();
  };
  const own = await register({
    uid: 'OWN-1',
    address: 'Friedrichstraße 120, 10117 Berlin',
    imei: '356938035643809',
    iccid: '89490200001111111111',
    customers: [ids.customer],
    servicemen: [ids.service_man],
    maxTrips: 1000,
  });
  const foreign = await register({
    uid: 'FOREIGN-1',
    address: 'Königsallee 1, 40212 Düsseldorf',
    imei: '356938035643810',
    iccid: '89490200002222222222',
    customers: [otherCustomer.id],
    servicemen: [otherServiceMan.id],
  });
  const year = new Date().getUTCFullYear();
  const at = new Date();
  const [ownMessage, foreignMessage] = await db
    .insert(messages)
    .values([
      { year, liftId: own.id, kind: 'error', code: 101, active: true, at },
      { year, liftId: foreign.id, kind: 'error', code: 101, active: true, at },
    ])
    .returning();
  if (!ownMessage || !foreignMessage) throw new Error('fixture messages not created');
  return {
    ids,
    otherCustomerId: otherCustomer.id,
    otherServiceManId: otherServiceMan.id,
    own,
    foreign,
    ownMessageId: ownMessage.id,
    foreignMessageId: foreignMessage.id,
    year,
  };
}
