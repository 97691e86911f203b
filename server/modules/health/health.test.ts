import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { createTestDatabase, TEST_DB_KIND } from '../../../tests/server/helpers/database';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok with the database in use, without sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: TEST_DB_KIND });
  });
});

describe('GET /api/health with the database gone', () => {
  it('answers 503 in the error shape', async () => {
    const database = await createTestDatabase();
    const t = await createTestApp({}, database);
    await database.dispose();

    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.close();

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: MSG.serverError });
  });
});
