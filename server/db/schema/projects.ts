import { index, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import type { ProjectDocument } from '../../../contract/schemas/project';

import { timestamps, version } from './columns';
import { users } from './users';

/**
 * A customer's project: the spec's `{ id, userId, project }`, the document in `project`
 * (contract/schemas/project.ts). State changes follow contract/project-transitions.ts.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer the project is for. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    project: jsonb('project').$type<ProjectDocument>().notNull(),
    ...version,
    ...timestamps,
  },
  (table) => [index('projects_user_id_idx').on(table.userId)],
);
export type ProjectRow = typeof projects.$inferSelect;
