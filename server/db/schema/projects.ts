import { date, index, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OfferTerms, ProjectDocument } from '../../../contract/schemas/project';

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
    /** The offer's number (`ANG-2026-00017`), given when it is first sent and kept through revisions. */
    offerNumber: text('offer_number').unique(),
    /** When the offer was last sent, the last day it may be ordered, and the terms it was sent on. */
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerValidUntil: date('offer_valid_until'),
    offerTerms: jsonb('offer_terms').$type<OfferTerms>(),
    /** The order (`A-2026-00042`): when and by whom; a user deleted later leaves the name in the history. */
    orderNumber: text('order_number').unique(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    orderedBy: uuid('ordered_by').references(() => users.id, { onDelete: 'set null' }),
    ...version,
    ...timestamps,
  },
  (table) => [index('projects_user_id_idx').on(table.userId)],
);
export type ProjectRow = typeof projects.$inferSelect;

/** The running numbers of offers and orders (docs/projects.md#offer-and-order-numbers). */
export const offerNumberSequence = pgSequence('project_offer_number_seq');
export const orderNumberSequence = pgSequence('project_order_number_seq');
