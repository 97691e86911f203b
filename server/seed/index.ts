import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_PASSWORD } from '../../contract/constants';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import { hashPassword } from '../modules/users/password';
import { createUsersRepository } from '../modules/users/users.repository';
import { seedDemoLifts } from './demo-lifts';
import { seedDemoUsers } from './demo-users';

/** A start that must not go on; main prints the message and exits non-zero. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Arbitrary but fixed: two processes starting on one empty database seed it once. */
const SEED_LOCK_KEY = 727_465_002;

export type FirstStartConfig = Pick<Config, 'isProduction' | 'seedDemo' | 'adminEmail' | 'adminPassword'> &
  Partial<Pick<Config, 'nodeEnv' | 'simProvider'>>;

/**
 * Fills an empty database (docs/architecture.md#seed-and-demo-mode). In production: the dev account from ADMIN_EMAIL and
 * ADMIN_PASSWORD, and no start without them. Otherwise the demo data unless SEED_DEMO=0.
 * A database with any user is left alone, so restarts never duplicate anything.
 */
export async function prepareFirstStart(db: Database, config: FirstStartConfig, log: FastifyBaseLogger) {
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

    if (config.seedDemo) {
      const demoUsers = await seedDemoUsers(tx);
      // Tests (NODE_ENV=test) get the demo accounts only and build their own small fixtures.
      if (config.nodeEnv !== 'test') {
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
