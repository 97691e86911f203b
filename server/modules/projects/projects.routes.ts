import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { projectsApi } from '../../../contract/api/projects';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { PROJECT_MSG } from '../../../contract/project-messages';
import {
  customerMayEdit,
  mayMove,
  PROJECT_START_STATES,
  type ProjectActor,
  type ProjectState,
  projectActor,
} from '../../../contract/project-transitions';
import {
  type Project,
  type ProjectDocument,
  type ProjectHistoryEntry,
  type ProjectUpdate,
  projectTotalCents,
} from '../../../contract/schemas/project';
import type { UserRow } from '../../db/schema';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { forbidden, HttpError, staleVersion } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { seedDemoProjects } from './demo-projects';
import { offerMail, offerPdf } from './offer-pdf';
import { createProjectsRepository } from './projects.repository';

export interface ProjectsRoutesOptions {
  /** The portal's address, for the link in the offer mail. */
  publicUrl: string;
  /** Demo mode: a few projects in several states, once (demo-projects.ts). */
  seedDemo?: boolean;
}

const projectNotFound = () => new HttpError(404, PROJECT_MSG.projectNotFound);
const refusedMove = () =>
  new HttpError(409, PROJECT_MSG.transitionRefused, { state: PROJECT_MSG.transitionRefused });
const STAFF_FIELDS = ['items', 'templateIds', 'cables'] as const;

function actorOf(user: UserRow): ProjectActor {
  const actor = projectActor(user.role);
  // The endpoint's rule keeps service men out; this is the same rule said twice on purpose.
  if (!actor) throw forbidden();
  return actor;
}

const entry = (
  user: UserRow,
  action: ProjectHistoryEntry['action'],
  from?: string,
  to?: string,
): ProjectHistoryEntry => ({
  at: new Date().toISOString(),
  userId: user.id,
  userName: user.displayName,
  action,
  ...(from === undefined ? {} : { from }),
  ...(to === undefined ? {} : { to }),
});

/** Projects with quotes and offers (docs/projects.md). */
export const projectsRoutes: FastifyPluginAsync<ProjectsRoutesOptions> = async (app, options) => {
  const repository = createProjectsRepository(app.db);
  if (options.seedDemo) await seedDemoProjects(app.db);

  /** The project with its attached designs from the library (previews for the page). */
  const withDesigns = async (project: Project): Promise<Project> => ({
    ...project,
    designs: (await repository.designs(project.project.templateIds)).map(
      ({ previewName: _name, ...design }) => design,
    ),
  });

  /** Attached designs must be templates of the design library (docs/projects.md#design-library). */
  const checkTemplates = async (templateIds: readonly string[] | undefined) => {
    if (!templateIds || templateIds.length === 0) return;
    const found = await repository.designs(templateIds);
    if (found.length !== new Set(templateIds).size) {
      throw new HttpError(400, MSG.invalidRequest, { templateIds: MSG.invalidValue });
    }
  };

  /** The preview PNGs of the attached designs, for the offer PDF; a missing one is left out. */
  const designPreviews = async (templateIds: readonly string[]) => {
    const previews: { name: string; png: Buffer | null }[] = [];
    for (const design of await repository.designs(templateIds)) {
      let png: Buffer | null = null;
      if (design.previewName) {
        const blob = await app.storage.readBlob(SYSTEM_CONTAINERS.tableauPreviews, design.previewName);
        if (blob) {
          const chunks: Buffer[] = [];
          for await (const chunk of blob.body) chunks.push(Buffer.from(chunk as Buffer));
          png = Buffer.concat(chunks);
        }
      }
      previews.push({ name: design.name, png });
    }
    return previews;
  };

  const stale = async (reply: FastifyReply, id: string, user: UserRow) => {
    const current = await repository.find(id, user);
    if (!current) throw projectNotFound();
    return staleVersion(reply, current);
  };

  /** Builds the offer PDF and mails it to the customer; any failure is a 502 and nothing is stored. */
  const mailOffer = async (project: Project) => {
    const customer = await repository.customer(project.userId);
    if (!customer) throw projectNotFound();
    const language: Language = LANGUAGES.includes(customer.language as Language)
      ? (customer.language as Language)
      : DEFAULT_LANGUAGE;
    try {
      const pdf = await offerPdf(project, language, await designPreviews(project.project.templateIds));
      const url = `${options.publicUrl.replace(/\/$/, '')}/apps/projects/projects/${project.id}`;
      await app.mailer.send({
        to: customer.email,
        ...offerMail(project, language, url),
        attachments: [
          { filename: `offer-${project.id.slice(0, 8)}.pdf`, content: pdf, contentType: 'application/pdf' },
        ],
      });
    } catch (error) {
      app.log.error({ err: error, projectId: project.id }, 'offer mail failed');
      throw new HttpError(502, PROJECT_MSG.offerMailFailed);
    }
  };

  app.serve(projectsApi.list, async (request) => ({ projects: await repository.list(currentUser(request)) }));

  app.serve(projectsApi.get, async (request) => {
    const user = currentUser(request);
    const found = await repository.find(request.params.projectId, user);
    if (!found) throw projectNotFound();
    // The customer opening a sent offer is what "Received offer" means.
    if (actorOf(user) === 'customer' && found.project.state === 'sentOffer') {
      const project: ProjectDocument = {
        ...found.project,
        state: 'receivedOffer',
        history: [...found.project.history, entry(user, 'state', 'sentOffer', 'receivedOffer')],
      };
      if (await repository.update(found.id, project, found.version)) {
        return withDesigns((await repository.find(found.id, user)) ?? found);
      }
    }
    return withDesigns(found);
  });

  app.serve(projectsApi.register, async (request, reply) => {
    const user = currentUser(request);
    const actor = actorOf(user);
    const { project: input, userId: requested } = request.body;
    let userId = requested ?? (actor === 'customer' ? user.id : undefined);
    if (!userId)
      throw new HttpError(400, PROJECT_MSG.customerRequired, { userId: PROJECT_MSG.customerRequired });
    const customer = await repository.customer(userId);
    if (!customer || (customer.role !== 'customer' && customer.role !== 'customer_admin')) {
      throw new HttpError(404, MSG.notACustomer, { userId: MSG.notACustomer });
    }
    if (actor === 'customer' && customer.id !== user.id) {
      // A customer admin may open a request for a customer of his company; a customer only for himself.
      const sameCompany =
        user.role === 'customer_admin' && user.companyId && customer.companyId === user.companyId;
      if (!sameCompany) throw new HttpError(404, MSG.notACustomer, { userId: MSG.notACustomer });
    }
    userId = customer.id;
    if (actor === 'customer' && STAFF_FIELDS.some((field) => input[field].length > 0)) {
      throw new HttpError(403, PROJECT_MSG.itemsStaffOnly);
    }
    await checkTemplates(input.templateIds);
    const state: ProjectState = input.state ?? 'offerRequested';
    if (!PROJECT_START_STATES[actor].includes(state)) throw refusedMove();
    const { state: _state, ...fields } = input;
    const document: ProjectDocument = {
      ...fields,
      state,
      totalCents: projectTotalCents(fields.items),
      history: [entry(user, 'created', undefined, state)],
    };
    const id = await repository.insert(userId, document);
    const created = await repository.find(id, user);
    if (!created) throw projectNotFound();
    return reply.code(201).send(await withDesigns(created));
  });

  app.serve(projectsApi.update, async (request, reply) => {
    const user = currentUser(request);
    const actor = actorOf(user);
    const found = await repository.find(request.params.id, user);
    if (!found) throw projectNotFound();
    const { baseVersion } = request.body;
    if (baseVersion !== undefined && baseVersion !== found.version) return stale(reply, found.id, user);
    const { state: nextState, ...change } = request.body.project as ProjectUpdate;
    const before = found.project;
    const changedFields = (Object.keys(change) as (keyof typeof change)[]).filter(
      (key) => change[key] !== undefined && JSON.stringify(change[key]) !== JSON.stringify(before[key]),
    );
    const history = [...before.history];
    if (changedFields.length > 0) {
      if (actor === 'customer') {
        if (changedFields.some((field) => (STAFF_FIELDS as readonly string[]).includes(field))) {
          throw new HttpError(403, PROJECT_MSG.itemsStaffOnly);
        }
        if (!customerMayEdit(before.state)) throw new HttpError(409, PROJECT_MSG.customerEditClosed);
      }
      history.push(entry(user, 'edited'));
    }
    if (changedFields.includes('templateIds')) await checkTemplates(change.templateIds);
    const moving = nextState !== undefined && nextState !== before.state;
    if (moving && !mayMove(before.state, nextState, user.role)) throw refusedMove();
    if (moving) history.push(entry(user, 'state', before.state, nextState));
    if (!moving && changedFields.length === 0) return withDesigns(found);

    const items = change.items ?? before.items;
    const document: ProjectDocument = {
      ...before,
      ...Object.fromEntries(changedFields.map((field) => [field, change[field]])),
      state: moving ? nextState : before.state,
      totalCents: projectTotalCents(items),
      history,
    };
    if (moving && nextState === 'sentOffer') {
      await mailOffer({ ...found, project: document });
      document.history = [...document.history, entry(user, 'offerMailed')];
    }
    if (!(await repository.update(found.id, document, found.version))) return stale(reply, found.id, user);
    const updated = await repository.find(found.id, user);
    if (!updated) throw projectNotFound();
    return withDesigns(updated);
  });

  app.serve(projectsApi.remove, async (request) => {
    const user = currentUser(request);
    const actor = actorOf(user);
    const removable: string[] = [];
    for (const id of new Set(request.body.ids)) {
      const found = await repository.find(id, user);
      if (!found) throw projectNotFound();
      // The customer's side withdraws only a request nobody has quoted on yet.
      if (actor === 'customer' && !customerMayEdit(found.project.state)) {
        throw new HttpError(409, PROJECT_MSG.customerEditClosed);
      }
      removable.push(id);
    }
    return { message: MSG.deleted, count: await repository.remove(removable) };
  });
};
