import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, berlinDay } from '../../contract/maintenance';
import { offerIsOut, type ProjectState } from '../../contract/project-transitions';
import type { ProjectDocument, ProjectItem } from '../../contract/schemas/project';
import { projectTotalCents } from '../../contract/schemas/project';
import { companyTerms, DEFAULT_SETTINGS } from '../../contract/settings';
import type { Database } from '../db/client';
import { lifts, liftUsers } from '../db/schema/lifts';
import { projects } from '../db/schema/projects';
import { users } from '../db/schema/users';
import { createProjectsRepository } from '../modules/projects/projects.repository';

/** Arbitrary but fixed: two processes starting on one database seed the demo projects once. */
const DEMO_PROJECTS_LOCK_KEY = 727_465_017;

const ITEMS: ProjectItem[] = [
  { text: 'Car operating panel, stainless steel', quantity: 1, unitPriceCents: 185_000 },
  { text: 'Landing call station', quantity: 5, unitPriceCents: 24_500 },
  { text: 'Installation and commissioning', quantity: 1, unitPriceCents: 320_000 },
];

/**
 * Demo projects of the demo customers in several states (docs/projects.md), written with their
 * history as if the flow had run. Only while `projects` has never held a row.
 */
export async function seedDemoProjects(db: Database, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_PROJECTS_LOCK_KEY})`);
    const [existing] = await tx.select({ value: count() }).from(projects);
    if ((existing?.value ?? 0) > 0) return;
    const [customer] = await tx.select().from(users).where(eq(users.email, 'customer@demo.local'));
    const [customerAdmin] = await tx.select().from(users).where(eq(users.email, 'customeradmin@demo.local'));
    const [admin] = await tx.select().from(users).where(eq(users.email, 'admin@demo.local'));
    if (!customer || !customerAdmin || !admin) return;
    const own = await tx
      .select({ id: lifts.id, uid: lifts.uid })
      .from(lifts)
      .innerJoin(liftUsers, eq(liftUsers.liftId, lifts.id))
      .where(and(eq(liftUsers.userId, customer.id), eq(liftUsers.kind, 'customer')))
      .orderBy(asc(lifts.uid))
      .limit(2);
    const day = 86_400_000;
    const now = Date.now();
    const path: ProjectState[] = [
      'offerRequested',
      'preparingQuote',
      'sentOffer',
      'receivedOffer',
      'onPreOrder',
      'ordered',
    ];
    const make = (
      name: string,
      owner: typeof customer,
      state: ProjectState,
      extra: Partial<ProjectDocument>,
    ): { userId: string; project: ProjectDocument } => {
      const steps = state.startsWith('canceled')
        ? ['offerRequested' as const, state]
        : path.slice(0, path.indexOf(state) + 1);
      const history: ProjectDocument['history'] = steps.map((step, index) => {
        const byCustomer =
          step === 'offerRequested' ||
          ['receivedOffer', 'onPreOrder', 'ordered', 'canceledOffer'].includes(step);
        const by = byCustomer ? owner : admin;
        return {
          at: new Date(now - (steps.length - index) * 3 * day).toISOString(),
          userId: by.id,
          userName: by.displayName,
          action: index === 0 ? 'created' : 'state',
          ...(index === 0 ? { to: step } : { from: steps[index - 1], to: step }),
        };
      });
      const items = extra.items ?? (state === 'offerRequested' ? [] : ITEMS);
      return {
        userId: owner.id,
        project: {
          name,
          siteAddress: extra.siteAddress ?? '',
          lifts: extra.lifts ?? [],
          items,
          templateIds: [],
          cables: extra.cables ?? [],
          notes: extra.notes ?? '',
          state,
          totalCents: projectTotalCents(items),
          history,
        },
      };
    };
    const inserted = await tx
      .insert(projects)
      .values([
        make('Neubau Wohnanlage Lindenhof', customer, 'offerRequested', {
          siteAddress: 'Lindenstraße 12, Berlin',
          lifts: [{ stops: 6, loadKg: 630, driveType: 'mrl' }],
          notes: 'Barrier-free, one lift per stairwell.',
        }),
        make('Modernisation panels', customer, 'sentOffer', {
          lifts: own.map((lift) => ({ liftId: lift.id, label: lift.uid })),
          cables: own.map((lift) => ({ liftId: lift.id, status: 'pending' as const })),
        }),
        make('Bürohaus Am Markt', customerAdmin, 'preparingQuote', {
          siteAddress: 'Am Markt 3, Potsdam',
          lifts: [{ stops: 4, loadKg: 1000, driveType: 'traction' }],
        }),
        make('Tiefgarage Südring', customer, 'ordered', {
          lifts: [{ stops: 3, loadKg: 1600, driveType: 'hydraulic' }],
          cables: [{ liftId: 'new-0', status: 'installed' }],
        }),
        make('Aufzug Hinterhaus', customerAdmin, 'canceledOffer', {
          lifts: [{ stops: 5, loadKg: 450 }],
        }),
      ])
      .returning({ id: projects.id, project: projects.project, updatedAt: projects.updatedAt });
    // The offers out and the order carry their numbers, as sending and ordering give them
    // (docs/projects.md#offer-and-order-numbers); each sent three days ago.
    const numbers = createProjectsRepository(tx);
    const terms = companyTerms(DEFAULT_SETTINGS);
    for (const row of inserted) {
      if (!offerIsOut(row.project.state)) continue;
      const offeredAt = new Date(now - 3 * day);
      const ordered = row.project.state === 'ordered';
      await tx
        .update(projects)
        .set({
          offerNumber: await numbers.nextNumber('offer', offeredAt),
          offeredAt,
          offerValidUntil: addDays(berlinDay(offeredAt), terms.validityDays),
          offerTerms: terms,
          ...(ordered
            ? {
                orderNumber: await numbers.nextNumber('order', new Date(now)),
                orderedAt: new Date(now),
                orderedBy: customer.id,
              }
            : {}),
        })
        .where(eq(projects.id, row.id));
    }
    log.info({ projects: inserted.length }, 'first start: seeded the demo projects');
  });
}
