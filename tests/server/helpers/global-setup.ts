import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/client';
import { MIGRATIONS_DIR } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data dir; each test file loads its own copy. */
    pgliteTemplatePath: string;
  }
}

/** Migrating a fresh PGlite takes seconds; copying a migrated one takes a fraction of that. */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB_KIND !== 'pglite') return;
  const handle = await openDatabase({ kind: 'pglite', migrationsDir: MIGRATIONS_DIR });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const file = path.join(os.tmpdir(), `lift-portal-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  return () => rm(file, { force: true });
}
