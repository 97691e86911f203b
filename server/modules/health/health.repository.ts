import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** What the health check asks of the database. */
export function createHealthRepository(db: Database) {
  return {
    /** Throws when the database does not answer a query. */
    async pingDatabase(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
