import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` writes SQL migrations that the server runs at start on PGlite and PostgreSQL. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
