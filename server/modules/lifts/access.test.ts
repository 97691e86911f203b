import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { createLiftFixtures, headersOf, type LiftFixtures, ROLES_AND_GUEST, type Who } from './lift-fixtures';

let t: TestApp;
let f: LiftFixtures;
let descriptionId: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await createLiftFixtures(t);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/descriptions/register',
    headers: await t.authHeaders('admin'),
    payload: { number: 4242, name: 'Door zone fault', nameDE: 'Türzonenfehler', type: 'error' },
  });
  descriptionId = created.json().id;
});
afterAll(() => t.close());

/** Unique numbers and IMEIs for the rows that create something. */
let sequence = 0;

type Side = 'own' | 'foreign';
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: (side: Side) => string;
  body?: (side: Side) => object;
  /** Expected status per role and side; a number means the same for both sides. */
  expected: Record<Who, number | Record<Side, number>>;
}

const liftId = (side: Side) => (side === 'own' ? f.own.id : f.foreign.id);
const messageId = (side: Side) => (side === 'own' ? f.ownMessageId : f.foreignMessageId);
const everyone = (status: number) =>
  ({
    dev: status,
    admin: status,
    customer_admin: status,
    customer: status,
    service_man: status,
    guest: 401,
  }) as const;
const scoped = { own: 200, foreign: 404 };
const seeingRoles = {
  dev: 200,
  admin: 200,
  customer_admin: scoped,
  customer: scoped,
  service_man: scoped,
  guest: 401,
};
const adminsOnly = (status: number) => ({
  dev: status,
  admin: status,
  customer_admin: 403,
  customer: 403,
  service_man: 403,
  guest: 401,
});
const devOnly = { dev: 200, admin: 403, customer_admin: 403, customer: 403, service_man: 403, guest: 401 };

const CASES: Case[] = [
  { name: 'list lifts', method: 'GET', url: () => '/api/lifts', expected: everyone(200) },
  {
    name: 'list lifts paged',
    method: 'GET',
    url: () => '/api/lifts/getByPagination',
    expected: everyone(200),
  },
  { name: 'alias lifts', method: 'GET', url: () => '/api/lift-app/lifts', expected: everyone(200) },
  {
    name: 'alias lifts paged',
    method: 'GET',
    url: () => '/api/lift-app/lifts-by-pagination',
    expected: everyone(200),
  },
  {
    name: 'lifts by user',
    method: 'GET',
    url: (side) => `/api/lifts/getByUserId?userId=${side === 'own' ? f.ids.customer : f.otherCustomerId}`,
    expected: everyone(200),
  },
  {
    name: 'alias lifts by user',
    method: 'GET',
    url: (side) =>
      `/api/lift-app/lifts-by-user-id?userId=${side === 'own' ? f.ids.customer : f.otherCustomerId}`,
    expected: everyone(200),
  },
  {
    name: 'summary',
    method: 'GET',
    url: () => '/api/lifts/summary?range=last7Days',
    expected: everyone(200),
  },
  { name: 'one lift', method: 'GET', url: (side) => `/api/lifts/${liftId(side)}`, expected: seeingRoles },
  {
    name: 'register lift',
    method: 'POST',
    url: () => '/api/lifts/register',
    body: () => ({
      uid: `R-${randomUUID()}`,
      address: 'Zeil 1, Frankfurt',
      imei: String(100_000_000_000_000 + ++sequence),
      customers: [f.ids.customer],
    }),
    expected: adminsOnly(201),
  },
  {
    name: 'update lift',
    method: 'PUT',
    url: (side) => `/api/lifts/${liftId(side)}`,
    body: () => ({ maxOperatingHours: 5000 }),
    expected: adminsOnly(200),
  },
  {
    name: 'delete lifts',
    method: 'POST',
    url: () => '/api/lifts/deleteByIds',
    body: () => ({ ids: [randomUUID()] }),
    expected: adminsOnly(200),
  },
  {
    name: 'alias delete lifts',
    method: 'POST',
    url: () => '/api/lift-app/remove-lifts',
    body: () => ({ ids: [randomUUID()] }),
    expected: adminsOnly(200),
  },
  {
    name: 'rotate device key',
    method: 'POST',
    url: (side) => `/api/lifts/${liftId(side)}/device-key`,
    expected: adminsOnly(200),
  },
  { name: 'descriptions', method: 'GET', url: () => '/api/descriptions', expected: everyone(200) },
  {
    name: 'alias descriptions',
    method: 'GET',
    url: () => '/api/descriptions-app/descriptions',
    expected: everyone(200),
  },
  {
    name: 'one description',
    method: 'GET',
    url: () => `/api/descriptions/${descriptionId}`,
    expected: everyone(200),
  },
  {
    name: 'register description',
    method: 'POST',
    url: () => '/api/descriptions/register',
    body: () => ({
      number: 10_000 + ++sequence,
      name: 'Test',
      nameDE: 'Test',
      type: 'info',
    }),
    expected: adminsOnly(201),
  },
  {
    name: 'alias save description',
    method: 'POST',
    url: () => '/api/descriptions-app/save-description',
    body: () => ({
      number: 10_000 + ++sequence,
      name: 'Test',
      nameDE: 'Test',
      type: 'info',
    }),
    expected: adminsOnly(201),
  },
  {
    name: 'update description',
    method: 'PUT',
    url: () => `/api/descriptions/${descriptionId}`,
    body: () => ({ number: 4242, name: 'Door zone fault', nameDE: 'Türzonenfehler', type: 'error' }),
    expected: adminsOnly(200),
  },
  {
    name: 'alias update description',
    method: 'POST',
    url: () => '/api/descriptions-app/update-description',
    body: () => ({
      id: descriptionId,
      number: 4242,
      name: 'Door zone fault',
      nameDE: 'Türzonenfehler',
      type: 'error',
    }),
    expected: adminsOnly(200),
  },
  {
    name: 'delete descriptions',
    method: 'POST',
    url: () => '/api/descriptions/deleteByIds',
    body: () => ({ ids: [randomUUID()] }),
    expected: adminsOnly(200),
  },
  {
    name: 'alias remove descriptions',
    method: 'POST',
    url: () => '/api/descriptions-app/remove-descriptions',
    body: () => ({ ids: [randomUUID()] }),
    expected: adminsOnly(200),
  },
  {
    name: 'messages',
    method: 'GET',
    url: (side) => `/api/messages/getByPagenation?liftId=${liftId(side)}`,
    expected: everyone(200),
  },
  { name: 'stats messages', method: 'GET', url: () => '/api/messages/getStatsMsgs', expected: everyone(200) },
  {
    name: 'detailed messages',
    method: 'GET',
    url: () => '/api/messages/getDetailedMsgs',
    expected: everyone(200),
  },
  {
    name: 'message notes',
    method: 'PUT',
    url: (side) => `/api/messages/${messageId(side)}`,
    body: () => ({
      year: f.year,
      isNotes: true,
      notes: { title: 'Checked', notes: 'Door contact cleaned', urls: [] },
    }),
    expected: seeingRoles,
  },
  {
    name: 'delete messages',
    method: 'POST',
    url: () => '/api/messages/deleteByIds',
    body: () => ({ ids: [randomUUID()], year: f.year }),
    expected: adminsOnly(200),
  },
  { name: 'logs', method: 'GET', url: () => '/api/logs/getByPagenation', expected: devOnly },
  {
    name: 'delete logs',
    method: 'POST',
    url: () => '/api/logs/deleteByIds',
    body: () => ({ ids: [randomUUID()] }),
    expected: devOnly,
  },
  { name: 'delete all logs', method: 'POST', url: () => '/api/logs/deleteAll', expected: devOnly },
];

const ROWS = CASES.flatMap((c) =>
  ROLES_AND_GUEST.flatMap((who) =>
    (['own', 'foreign'] as const).map((side) => {
      const expected = c.expected[who];
      return { ...c, who, side, status: typeof expected === 'number' ? expected : expected[side] };
    }),
  ),
);

describe('access: every endpoint × every role × own and foreign lift', () => {
  it.each(ROWS)(
    '$method $name as $who on the $side lift → $status',
    async ({ method, url, body, who, side, status }) => {
      const response = await t.app.inject({
        method,
        url: url(side),
        headers: await headersOf(t, who),
        ...(body ? { payload: body(side) } : {}),
      });
      expect(response.statusCode, response.body).toBe(status);
    },
  );
});

describe('lists show only lifts in scope', () => {
  const SEES_FOREIGN: Record<Exclude<Who, 'guest'>, boolean> = {
    dev: true,
    admin: true,
    customer_admin: false,
    customer: false,
    service_man: false,
  };
  it.each(Object.entries(SEES_FOREIGN))(
    '%s sees the own lift, the foreign one: %s',
    async (who, seesForeign) => {
      const headers = await headersOf(t, who as Who);
      for (const url of [
        '/api/lifts',
        '/api/lift-app/lifts-by-pagination',
        '/api/lifts/summary?range=today',
      ]) {
        const body = (await t.app.inject({ url, headers })).json();
        const ids = (body.lifts ?? body.attention).map((lift: { id: string }) => lift.id);
        expect(ids, url).toContain(f.own.id);
        expect(ids.includes(f.foreign.id), url).toBe(seesForeign);
      }
      const byUser = (
        await t.app.inject({ url: `/api/lifts/getByUserId?userId=${f.otherCustomerId}`, headers })
      ).json();
      expect(byUser.count).toBe(seesForeign ? 1 : 0);
      const detailed = (await t.app.inject({ url: '/api/messages/getDetailedMsgs', headers })).json();
      const liftIds = detailed.messages.map((message: { liftId: string }) => message.liftId);
      expect(liftIds).toContain(f.own.id);
      expect(liftIds.includes(f.foreign.id)).toBe(seesForeign);
    },
  );
});

describe('bad input answers 400 with field errors, never 500', () => {
  const huge = 'x'.repeat(5000);
  const BAD: {
    name: string;
    method: 'GET' | 'POST' | 'PUT';
    url: () => string;
    body?: () => unknown;
    field: string;
  }[] = [
    { name: 'page 0', method: 'GET', url: () => '/api/lifts?page=0', field: 'page' },
    {
      name: 'pageSize over 100',
      method: 'GET',
      url: () => '/api/lifts/getByPagination?pageSize=101',
      field: 'pageSize',
    },
    { name: 'huge search', method: 'GET', url: () => `/api/lift-app/lifts?search=${huge}`, field: 'search' },
    { name: 'NUL in search', method: 'GET', url: () => '/api/lifts?search=a%00b', field: 'search' },
    { name: 'bad userId', method: 'GET', url: () => '/api/lifts/getByUserId?userId=nope', field: 'userId' },
    { name: 'missing userId', method: 'GET', url: () => '/api/lift-app/lifts-by-user-id', field: 'userId' },
    { name: 'unknown range', method: 'GET', url: () => '/api/lifts/summary?range=forever', field: 'range' },
    { name: 'bad lift id', method: 'GET', url: () => '/api/lifts/not-a-uuid', field: 'id' },
    {
      name: 'register without uid',
      method: 'POST',
      url: () => '/api/lifts/register',
      body: () => ({ address: 'a', imei: '123456789012345', customers: [f.ids.customer] }),
      field: 'uid',
    },
    {
      name: 'register bad imei',
      method: 'POST',
      url: () => '/api/lifts/register',
      body: () => ({ uid: 'X', address: 'a', imei: '123', customers: [f.ids.customer] }),
      field: 'imei',
    },
    {
      name: 'register no customers',
      method: 'POST',
      url: () => '/api/lifts/register',
      body: () => ({ uid: 'X', address: 'a', imei: '123456789012345', customers: [] }),
      field: 'customers',
    },
    {
      name: 'register huge address',
      method: 'POST',
      url: () => '/api/lifts/register',
      body: () => ({ uid: 'X', address: huge, imei: '123456789012345', customers: [f.ids.customer] }),
      field: 'address',
    },
    {
      name: 'register NUL uid',
      method: 'POST',
      url: () => '/api/lifts/register',
      body: () => ({ uid: 'X\u0000', address: 'a', imei: '123456789012345', customers: [f.ids.customer] }),
      field: 'uid',
    },
    {
      name: 'register wrong parameter type',
      method: 'POST',
      url: () => '/api/lifts/register',
      body: () => ({
        uid: 'X',
        address: 'a',
        imei: '123456789012345',
        customers: [f.ids.customer],
        parameters: { door: { tueroeffnungszeit: 'slow' } },
      }),
      field: 'parameters.door.tueroeffnungszeit',
    },
    {
      name: 'update wrong maxTrips type',
      method: 'PUT',
      url: () => `/api/lifts/${f.own.id}`,
      body: () => ({ maxTrips: '10' }),
      field: 'maxTrips',
    },
    { name: 'update bad id', method: 'PUT', url: () => '/api/lifts/123', body: () => ({}), field: 'id' },
    {
      name: 'update bad customer id',
      method: 'PUT',
      url: () => `/api/lifts/${f.own.id}`,
      body: () => ({ customers: ['x'] }),
      field: 'customers.0',
    },
    {
      name: 'delete without ids',
      method: 'POST',
      url: () => '/api/lifts/deleteByIds',
      body: () => ({}),
      field: 'ids',
    },
    {
      name: 'delete bad ids',
      method: 'POST',
      url: () => '/api/lift-app/remove-lifts',
      body: () => ({ ids: ['x'] }),
      field: 'ids.0',
    },
    { name: 'device key bad id', method: 'POST', url: () => '/api/lifts/x/device-key', field: 'id' },
    { name: 'description bad id', method: 'GET', url: () => '/api/descriptions/x', field: 'id' },
    {
      name: 'description without number',
      method: 'POST',
      url: () => '/api/descriptions/register',
      body: () => ({ name: 'a', nameDE: 'a', type: 'error' }),
      field: 'number',
    },
    {
      name: 'description bad type',
      method: 'POST',
      url: () => '/api/descriptions-app/save-description',
      body: () => ({ number: 1, name: 'a', nameDE: 'a', type: 'warning' }),
      field: 'type',
    },
    {
      name: 'description huge content',
      method: 'PUT',
      url: () => `/api/descriptions/${descriptionId}`,
      body: () => ({ number: 1, name: 'a', nameDE: 'a', type: 'error', content: huge }),
      field: 'content',
    },
    {
      name: 'description update without id',
      method: 'POST',
      url: () => '/api/descriptions-app/update-description',
      body: () => ({ number: 1, name: 'a', nameDE: 'a', type: 'error' }),
      field: 'id',
    },
    {
      name: 'descriptions delete bad ids',
      method: 'POST',
      url: () => '/api/descriptions/deleteByIds',
      body: () => ({ ids: 'x' }),
      field: 'ids',
    },
    {
      name: 'descriptions remove without ids',
      method: 'POST',
      url: () => '/api/descriptions-app/remove-descriptions',
      body: () => ({}),
      field: 'ids',
    },
    {
      name: 'messages bad liftId',
      method: 'GET',
      url: () => '/api/messages/getByPagenation?liftId=x',
      field: 'liftId',
    },
    {
      name: 'messages bad type',
      method: 'GET',
      url: () => '/api/messages/getByPagenation?type=warning',
      field: 'type',
    },
    {
      name: 'messages bad code',
      method: 'GET',
      url: () => '/api/messages/getDetailedMsgs?code=abc',
      field: 'code',
    },
    {
      name: 'messages bad from',
      method: 'GET',
      url: () => '/api/messages/getStatsMsgs?from=yesterday',
      field: 'from',
    },
    {
      name: 'notes without year',
      method: 'PUT',
      url: () => `/api/messages/${f.ownMessageId}`,
      body: () => ({ isNotes: true, notes: { title: 't', notes: '', urls: [] } }),
      field: 'year',
    },
    {
      name: 'notes bad url',
      method: 'PUT',
      url: () => `/api/messages/${f.ownMessageId}`,
      body: () => ({ year: f.year, isNotes: true, notes: { title: 't', notes: '', urls: ['not a url'] } }),
      field: 'notes.urls.0',
    },
    {
      name: 'notes NUL',
      method: 'PUT',
      url: () => `/api/messages/${f.ownMessageId}`,
      body: () => ({ year: f.year, isNotes: true, notes: { title: 't', notes: 'a\u0000', urls: [] } }),
      field: 'notes.notes',
    },
    {
      name: 'notes bad message id',
      method: 'PUT',
      url: () => '/api/messages/x',
      body: () => ({ year: f.year, isNotes: true, notes: { title: 't', notes: '', urls: [] } }),
      field: 'messageId',
    },
    {
      name: 'messages delete without year',
      method: 'POST',
      url: () => '/api/messages/deleteByIds',
      body: () => ({ ids: [f.ownMessageId] }),
      field: 'year',
    },
    {
      name: 'logs bad level',
      method: 'GET',
      url: () => '/api/logs/getByPagenation?level=debug',
      field: 'level',
    },
    {
      name: 'logs delete bad ids',
      method: 'POST',
      url: () => '/api/logs/deleteByIds',
      body: () => ({ ids: [1] }),
      field: 'ids.0',
    },
  ];
  it.each(BAD)('$method $name', async ({ method, url, body, field }) => {
    const response = await t.app.inject({
      method,
      url: url(),
      headers: await t.authHeaders('dev'),
      ...(body ? { payload: body() as object } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors, response.body).toHaveProperty([field]);
  });
});
