import { asc, count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../contract/constants';
import { buildApp } from '../../server/app';
import { createTestApp, DEMO_EMAILS, testConfig } from '../../tests/server/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../tests/server/helpers/database';
import { users } from '../db/schema/users';
import { DEMO_COMPANY_ID } from './demo-users';
import { StartupError } from './index';

let database: TestDatabase;
afterEach(() => database?.dispose());

const countUsers = async () => (await database.handle.db.select({ value: count() }).from(users))[0]?.value;

describe('demo data on first start', () => {
  it('creates the five demo accounts once; a restart adds nothing', async () => {
    database = await createTestDatabase();

    await (await createTestApp({}, database)).close();
    await (await createTestApp({}, database)).close();

    const rows = await database.handle.db.select().from(users).orderBy(asc(users.email));
    expect(rows.map((row) => [row.email, row.role, row.status])).toEqual(
      Object.entries(DEMO_EMAILS)
        .map(([role, email]) => [email, role, 'active'])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const byRole = Object.fromEntries(rows.map((row) => [row.role, row]));
    expect(byRole.dev?.displayName).toBe('Dana Dev');
    expect(byRole.customer_admin?.companyId).toBe(DEMO_COMPANY_ID);
    expect(byRole.customer?.companyId).toBe(DEMO_COMPANY_ID);
    expect(byRole.service_man?.createdBy).toBe(byRole.customer?.id);
  });

  it('lets every demo account sign in with the demo password', async () => {
    database = await createTestDatabase();
    const t = await createTestApp({}, database);

    for (const email of Object.values(DEMO_EMAILS)) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/authenticate',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, email).toBe(200);
    }
    await t.close();
  });

  it('leaves the database empty with SEED_DEMO=0', async () => {
    database = await createTestDatabase();

    await (await createTestApp({ SEED_DEMO: '0' }, database)).close();

    expect(await countUsers()).toBe(0);
  });
});

describe('first start in production', () => {
  it('refuses to start on an empty database without ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    database = await createTestDatabase();
    const config = testConfig({ NODE_ENV: 'production' });

    const start = buildApp(config, { database: database.handle });

    await expect(start).rejects.toThrow(StartupError);
    await expect(start).rejects.toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(await countUsers()).toBe(0);
  });

  it('creates only the dev account from ADMIN_EMAIL and ADMIN_PASSWORD, and no demo data', async () => {
    database = await createTestDatabase();
    const env = {
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'Chef@Lifts.example',
      ADMIN_PASSWORD: 'a-long-secret',
    };

    const t = await createTestApp(env, database);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      payload: { email: 'chef@lifts.example', password: 'a-long-secret' },
    });
    await t.close();
    // Later starts need the variables no more: the database is no longer empty.
    await (await createTestApp({ NODE_ENV: 'production' }, database)).close();

    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ email: 'chef@lifts.example', role: 'dev', status: 'active' });
    expect(await countUsers()).toBe(1);
  });
});
