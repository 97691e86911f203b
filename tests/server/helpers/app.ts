import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../../contract/constants';
import type { Role } from '../../../contract/roles';
import type { AuthResponse } from '../../../contract/schemas/user';
import { buildApp } from '../../../server/app';
import { type Config, type Environment, loadConfig } from '../../../server/config';
import { createTestDatabase, type TestDatabase } from './database';

export const TEST_AUTH_SECRET = 'test-secret-long-enough-for-hs256-0123456789abcdef';

export const DEMO_EMAILS: Record<Role, string> = {
  dev: 'dev@demo.local',
  admin: 'admin@demo.local',
  customer_admin: 'customeradmin@demo.local',
  customer: 'customer@demo.local',
  service_man: 'service@demo.local',
};

/** A configuration as on a developer machine, with its own empty DATA_DIR and no web build. */
export function testConfig(env: Environment = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /** Signs in as the demo account of `role` (cached) and answers the whole sign-in answer. */
  signInAs(role: Role): Promise<AuthResponse>;
  /** A new session of the demo account of `role` (not cached: for tests that end sessions). */
  signInFresh(role: Role): Promise<AuthResponse>;
  /** `{ authorization: 'Bearer …' }` of the demo account of `role`, for `app.inject({ headers })`. */
  authHeaders(role: Role): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh, demo-seeded database. Pass `database` to share one between apps
 * (a restart); it is then left open on close.
 */
export async function createTestApp(env: Environment = {}, database?: TestDatabase): Promise<TestApp> {
  const ownsDatabase = !database;
  const db = database ?? (await createTestDatabase());
  const config = testConfig(env);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database: db.handle });
  } catch (error) {
    if (ownsDatabase) await db.dispose();
    throw error;
  }
  const sessions = new Map<Role, Promise<AuthResponse>>();

  const signInFresh = (role: Role) =>
    app
      .inject({
        method: 'POST',
        url: '/api/users/authenticate',
        payload: { email: DEMO_EMAILS[role], password: DEMO_PASSWORD },
      })
      .then((response) => {
        if (response.statusCode !== 200) throw new Error(`sign-in as ${role}: ${response.body}`);
        return response.json<AuthResponse>();
      });

  const signInAs = (role: Role) => {
    let session = sessions.get(role);
    if (!session) {
      session = signInFresh(role);
      sessions.set(role, session);
    }
    return session;
  };

  return {
    app,
    config,
    database: db,
    signInAs,
    signInFresh,
    authHeaders: async (role) => ({ authorization: `Bearer ${(await signInAs(role)).access_token}` }),
    async close() {
      await app.close();
      if (ownsDatabase) await db.dispose();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
