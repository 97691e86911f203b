import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Throws when the database does not answer a query. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
