import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ProjectDocumentSchema } from '../../contract/schemas/project';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';
import { projects } from '../db/schema/projects';
import { seedDemoProjects } from './demo-projects';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('seeds valid demo projects in several states, once', async () => {
  const db = t.database.handle.db;
  await seedDemoProjects(db, t.app.log);
  await seedDemoProjects(db, t.app.log);
  const rows = await db.select().from(projects);
  expect(rows).toHaveLength(5);
  for (const row of rows) expect(v.safeParse(ProjectDocumentSchema, row.project).success).toBe(true);
  expect(new Set(rows.map((row) => row.project.state)).size).toBe(5);
});
