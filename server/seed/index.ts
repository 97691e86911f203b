import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../contract/constants';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import { hashPassword } from '../modules/users/password';
import { createUsersRepository } from '../modules/users/users.repository';
import { seedBaseData } from './base-data';
import { seedDemoFiles } from './demo-files';
import { seedDemoLifts } from './demo-lifts';
import { seedDemoProjects } from './demo-projects';
import { seedDemoTableau } from './demo-tableau';
import { seedDemoUsers } from './demo-users';

/** A start that must not go on; main prints the message and exits non-zero. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Arbitrary but fixed: two processes starting on one empty database seed it once. */
const SEED_LOCK_KEY = 727_465_002;

export type SeedConfig = Pick<Config, 'isProduction' | 'demo' | 'adminEmail' | 'adminPassword'> &
  Partial<Pick<Config, 'simProvider'>>;

/**
 * All seeding of the server (docs/architecture.md#seed-and-demo-mode), called once by buildApp
 * before it registers any plugin. Each seed fills only empty tables, under its own advisory lock,
 * so that restarts and processes starting together on one database seed once. Two steps:
 * - at once, the accounts and the demo lifts with their readings: plugins read them as they
 *   register (the analytics backfill rolls the readings up, server/modules/analytics/backfill.ts);
 * - when the app is ready (they need the blob storage), the base data in every mode and, with the
 *   full demo, lift files, the tableau library and projects: as the first onReady hooks, so before
 *   the periodic jobs start and the server listens. One hook each: like a plugin, a hook has
 *   Fastify's boot timeout (`pluginTimeout`) to itself.
 */
export async function seedDatabase(app: FastifyInstance, db: Database, config: SeedConfig): Promise<void> {
  await seedFirstStart(db, config, app.log);
  app.addHook('onReady', () => seedBaseData(app.db));
  if (config.demo !== 'full') return;
  app.addHook('onReady', () => seedDemoFiles(app.db, app.storage, app.log));
  app.addHook('onReady', () => seedDemoTableau(app.db, app.storage, app.log));
  app.addHook('onReady', () => seedDemoProjects(app.db, app.log));
}

/**
 * Fills a database without users. In production: the dev account from ADMIN_EMAIL and
 * ADMIN_PASSWORD, and no start without them. Otherwise the demo accounts unless demo mode is off,
 * and with the full demo the demo lifts too. A database with any user is left alone, so restarts
 * never duplicate anything.
 */
async function seedFirstStart(db: Database, config: SeedConfig, log: FastifyBaseLogger) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ value: count() }).from(users);
    if ((existing?.value ?? 0) > 0) return;

    if (config.isProduction) {
      if (!config.adminEmail || !config.adminPassword) {
        throw new StartupError(
          'The database is empty: set ADMIN_EMAIL and ADMIN_PASSWORD (at least 8 characters) so the first start can create the dev account.',
        );
      }
      await createUsersRepository(tx).insert({
        email: config.adminEmail,
        passwordHash: await hashPassword(config.adminPassword),
        displayName: 'Administrator',
        role: 'dev',
        status: 'active',
      });
      log.info({ email: config.adminEmail }, 'first start: created the dev account');
      return;
    }

    if (config.demo !== 'off') {
      const demoUsers = await seedDemoUsers(tx);
      if (config.demo === 'full') {
        const seeded = await seedDemoLifts(tx, demoUsers, await hashPassword(DEMO_PASSWORD), {
          // A real provider's SIM list is its own: demo cards would stand beside its cards.
          sims: (config.simProvider ?? 'simulator') === 'simulator',
        });
        log.info(seeded, 'first start: seeded the demo lifts and their history');
      }
      log.info('first start: seeded the demo data (password demo1234)');
    }
  });
}
