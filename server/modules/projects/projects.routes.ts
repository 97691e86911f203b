import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { projectsApi } from '../../../contract/api/projects';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../contract/constants';
import { addDays, berlinDay } from '../../../contract/maintenance';
import { MSG, type ServerMessage } from '../../../contract/messages';
import { PROJECT_MSG } from '../../../contract/project-messages';
import {
  customerMayEdit,
  mayMove,
  offerIsOut,
  PROJECT_START_STATES,
  type ProjectActor,
  type ProjectState,
  projectActor,
} from '../../../contract/project-transitions';
import {
  type OfferTerms,
  type Project,
  type ProjectDocument,
  type ProjectFieldChange,
  type ProjectHistoryEntry,
  type ProjectUpdate,
  projectLiftKey,
  projectTotalCents,
} from '../../../contract/schemas/project';
import { companyTerms } from '../../../contract/settings';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { forbidden, HttpError, staleVersion } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { type MailTicket, userSender } from '../email/mail-quota';
import { offerPdf } from './offer-pdf';
import {
  offerMail,
  orderConfirmationMail,
  orderStaffMail,
  queueOrderMails,
  sendOfferMail,
} from './project-mails';
import { createProjectsRepository, type ProjectRecordColumns } from './projects.repository';

export interface ProjectsRoutesOptions {
  /** The portal's address, for the links in the offer and order mails. */
  publicUrl: string;
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

type EditableField = keyof Omit<ProjectUpdate, 'state'>;
const TEXT_FIELDS: readonly EditableField[] = ['name', 'siteAddress', 'notes'];
const HISTORY_TEXT_LENGTH = 80;
const cut = (text: string) =>
  text.length > HISTORY_TEXT_LENGTH ? `${text.slice(0, HISTORY_TEXT_LENGTH - 1)}…` : text;

/**
 * What an edit changed, for its history entry (docs/projects.md#rules-on-the-document): texts with
 * their old and new value, lists by name only, and the total when the items moved it.
 */
function fieldChanges(
  before: ProjectDocument,
  after: ProjectDocument,
  fields: readonly EditableField[],
): ProjectFieldChange[] {
  const changes: ProjectFieldChange[] = fields.map((field) =>
    TEXT_FIELDS.includes(field)
      ? { field, from: cut(String(before[field])), to: cut(String(after[field])) }
      : { field },
  );
  if (before.totalCents !== after.totalCents) {
    changes.push({ field: 'totalCents', from: String(before.totalCents), to: String(after.totalCents) });
  }
  return changes;
}

/** Projects with quotes and offers (docs/projects.md). */
export const projectsRoutes: FastifyPluginAsync<ProjectsRoutesOptions> = async (app, options) => {
  const currentTerms = (): OfferTerms => companyTerms(app.settings.current());
  const repository = createProjectsRepository(app.db, currentTerms);
  const projectUrl = (id: string) => `${options.publicUrl.replace(/\/$/, '')}/apps/projects/projects/${id}`;

  /**
   * The project as the page shows it: with its attached designs from the library (previews) and
   * the terms an offer sent now would carry.
   */
  const withDesigns = async (project: Project): Promise<Project> => ({
    ...project,
    currentTerms: currentTerms(),
    designs: (await repository.designs(project.project.templateIds)).map(
      ({ previewName: _name, ...design }) => design,
    ),
  });

  const languageOf = (language: string | null | undefined): Language =>
    LANGUAGES.includes(language as Language) ? (language as Language) : DEFAULT_LANGUAGE;

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

  /**
   * The project's lifts and cables (docs/projects.md#rules-on-the-document): an existing lift must
   * be one the project's customer sees and be named once, a drive type an active base entry, a
   * cable one of the project's lifts (its id, or `new-<index>`), once. Lift ids and drive types the
   * project already has stay valid, as a lift keeps a deactivated base key. 400 with field paths.
   */
  const checkLifts = async (
    customerId: string,
    lifts: ProjectDocument['lifts'],
    cables: ProjectDocument['cables'],
    before?: ProjectDocument,
  ) => {
    const hadIds = new Set(before?.lifts.flatMap((lift) => (lift.liftId ? [lift.liftId] : [])));
    const hadDrives = new Set(before?.lifts.flatMap((lift) => (lift.driveType ? [lift.driveType] : [])));
    const newIds = [
      ...new Set(lifts.flatMap((lift) => (lift.liftId && !hadIds.has(lift.liftId) ? [lift.liftId] : []))),
    ];
    const newDrives = [
      ...new Set(
        lifts.flatMap((lift) => (lift.driveType && !hadDrives.has(lift.driveType) ? [lift.driveType] : [])),
      ),
    ];
    const customer = newIds.length > 0 ? await repository.customer(customerId) : undefined;
    const seen = customer ? await repository.liftsSeenBy(customer, newIds) : new Set<string>();
    const active = await repository.activeDriveTypes(newDrives);
    const errors: Record<string, ServerMessage> = {};
    const named = new Set<string>();
    lifts.forEach((lift, index) => {
      if (lift.liftId) {
        if (named.has(lift.liftId)) errors[`project.lifts.${index}.liftId`] = PROJECT_MSG.liftNamedTwice;
        else if (!hadIds.has(lift.liftId) && !seen.has(lift.liftId)) {
          errors[`project.lifts.${index}.liftId`] = PROJECT_MSG.liftUnknown;
        }
        named.add(lift.liftId);
      }
      if (lift.driveType && !hadDrives.has(lift.driveType) && !active.has(lift.driveType)) {
        errors[`project.lifts.${index}.driveType`] = PROJECT_MSG.driveTypeUnknown;
      }
    });
    const keys = new Set(lifts.map((lift, index) => projectLiftKey(lift, index)));
    const cabled = new Set<string>();
    cables.forEach((cable, index) => {
      if (!keys.has(cable.liftId) || cabled.has(cable.liftId)) {
        errors[`project.cables.${index}.liftId`] = PROJECT_MSG.cableLiftUnknown;
      }
      cabled.add(cable.liftId);
    });
    if (Object.keys(errors).length > 0) throw new HttpError(400, MSG.invalidRequest, errors);
  };

  const stale = async (reply: FastifyReply, id: string, user: UserRow) => {
    const current = await repository.find(id, user);
    if (!current) throw projectNotFound();
    return staleVersion(reply, current);
  };

  /**
   * The offer PDF of `project`: as sent (its number, day, validity and terms) once the offer is
   * out, else a draft on the terms in force (docs/projects.md#the-offer-pdf).
   */
  const buildOfferPdf = async (project: Project, language: Language) => {
    const sent = offerIsOut(project.project.state) ? project.offer : null;
    return offerPdf({
      project,
      language,
      company: app.settings.current().company,
      number: sent?.number ?? null,
      at: sent ? new Date(sent.at) : new Date(),
      validUntil: sent?.validUntil ?? null,
      terms: sent?.terms ?? currentTerms(),
      designs: await designPreviews(project.project.templateIds),
    });
  };

  /**
   * Builds the offer PDF for the customer (any failure is a 502) and answers the step that mails
   * it (a failure there is a 502 too); the caller stores the state before it sends. The mail
   * takes its place under the sender's and the customer's hourly mail limits first (429 past
   * them, docs/api.md#rate-limits); the caller gives it back when the mail does not go out.
   */
  const prepareOffer = async (
    project: Project,
    reply: FastifyReply,
    sender: UserRow,
  ): Promise<{ mail: MailTicket; send: (tx: Database) => Promise<void> }> => {
    const customer = await repository.customer(project.userId);
    if (!customer || !project.offer) throw projectNotFound();
    const mail = await app.mailQuota.take(reply, {
      kind: 'offer',
      sender: userSender(sender),
      recipients: [customer.email],
    });
    const language = languageOf(customer.language);
    const failed = (error: unknown) => {
      app.log.error({ err: error, projectId: project.id }, 'offer mail failed');
      return new HttpError(502, PROJECT_MSG.offerMailFailed);
    };
    let pdf: Buffer;
    try {
      pdf = await buildOfferPdf(project, language);
    } catch (error) {
      await mail.release();
      throw failed(error);
    }
    const { number } = project.offer;
    const send = async (tx: Database) => {
      try {
        await sendOfferMail(
          app,
          tx,
          project.id,
          customer.email,
          offerMail(project, number, language, projectUrl(project.id)),
          { filename: `${number}.pdf`, content: pdf, contentType: 'application/pdf' },
        );
      } catch (error) {
        throw failed(error);
      }
    };
    return { mail, send };
  };

  /**
   * The order's mails (docs/projects.md#the-offer-flow): the confirmation to who ordered (and to
   * the project's customer when a customer admin ordered for him), the news to every admin and to
   * whoever sent the offer. Counted under the hourly mail limits like the offer; a failure is a 502.
   */
  const prepareOrderMails = async (
    project: Project,
    reply: FastifyReply,
    orderer: UserRow,
  ): Promise<{ mail: MailTicket; send: (tx: Database) => Promise<void> }> => {
    const customer = await repository.customer(project.userId);
    if (!customer) throw projectNotFound();
    const customers = new Map<string, Language>([
      [orderer.email.toLowerCase(), languageOf(orderer.settings?.language)],
    ]);
    customers.set(customer.email.toLowerCase(), languageOf(customer.language));
    const offerSender = project.project.history.findLast((step) => step.action === 'offerMailed')?.userId;
    const staff = new Map<string, Language>();
    for (const admin of await repository.admins())
      staff.set(admin.email.toLowerCase(), languageOf(admin.language));
    if (offerSender) {
      const sender = await repository.customer(offerSender);
      if (sender && (sender.role === 'admin' || sender.role === 'dev')) {
        staff.set(sender.email.toLowerCase(), languageOf(sender.language));
      }
    }
    for (const address of customers.keys()) staff.delete(address);
    const mail = await app.mailQuota.take(reply, {
      kind: 'order',
      sender: userSender(orderer),
      recipients: [...customers.keys(), ...staff.keys()],
    });
    const url = projectUrl(project.id);
    const send = (tx: Database) =>
      queueOrderMails(app, tx, project.id, [
        ...[...customers].map(([to, language]) => ({
          to,
          content: orderConfirmationMail(project, language, url),
        })),
        ...[...staff].map(([to, language]) => ({ to, content: orderStaffMail(project, language, url) })),
      ]);
    return { mail, send };
  };

  app.serve(projectsApi.list, async (request) => ({ projects: await repository.list(currentUser(request)) }));

  app.serve(projectsApi.get, async (request) => {
    const user = currentUser(request);
    const found = await repository.find(request.params.id, user);
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

  app.serve(projectsApi.offerPdf, async (request, reply) => {
    const user = currentUser(request);
    const found = await repository.find(request.params.id, user);
    if (!found) throw projectNotFound();
    // The customer's side sees the offer once it is out, never a quote being prepared.
    if (actorOf(user) === 'customer' && !(found.offer && offerIsOut(found.project.state))) {
      throw new HttpError(409, PROJECT_MSG.offerNotSent);
    }
    const language = request.query.lang ?? languageOf((await repository.customer(found.userId))?.language);
    const pdf = await buildOfferPdf(found, language);
    const number = offerIsOut(found.project.state) && found.offer ? found.offer.number : 'draft';
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${number}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
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
    await checkLifts(customer.id, input.lifts, input.cables);
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
    const { baseVersion, acceptTerms } = request.body;
    if (baseVersion !== undefined && baseVersion !== found.version) return stale(reply, found.id, user);
    const { state: nextState, ...change } = request.body.project as ProjectUpdate;
    const before = found.project;
    const changedFields = (Object.keys(change) as EditableField[]).filter(
      (key) => change[key] !== undefined && JSON.stringify(change[key]) !== JSON.stringify(before[key]),
    );
    if (changedFields.length > 0 && actor === 'customer') {
      if (changedFields.some((field) => (STAFF_FIELDS as readonly string[]).includes(field))) {
        throw new HttpError(403, PROJECT_MSG.itemsStaffOnly);
      }
      if (!customerMayEdit(before.state)) throw new HttpError(409, PROJECT_MSG.customerEditClosed);
    }
    if (
      actor === 'staff' &&
      offerIsOut(before.state) &&
      nextState !== 'preparingQuote' &&
      changedFields.some((field) => field === 'items' || field === 'templateIds')
    ) {
      // What the customer was offered stays as it was sent; a revision goes back to the quote first.
      throw new HttpError(409, PROJECT_MSG.itemsLockedOffer);
    }
    if (changedFields.includes('templateIds')) await checkTemplates(change.templateIds);
    const lifts = change.lifts ?? before.lifts;
    let cables = change.cables ?? before.cables;
    if (changedFields.includes('lifts') && !changedFields.includes('cables')) {
      // A lift taken out of the project takes its cable status along.
      const keys = new Set(lifts.map((lift, index) => projectLiftKey(lift, index)));
      cables = cables.filter((cable) => keys.has(cable.liftId));
      if (cables.length !== before.cables.length) changedFields.push('cables');
    }
    if (changedFields.includes('lifts') || changedFields.includes('cables')) {
      await checkLifts(found.userId, lifts, cables, before);
    }
    const moving = nextState !== undefined && nextState !== before.state;
    if (moving && !mayMove(before.state, nextState, user.role)) throw refusedMove();
    if (!moving && changedFields.length === 0) return withDesigns(found);

    const changed: ProjectDocument = {
      ...before,
      ...Object.fromEntries(changedFields.map((field) => [field, change[field]])),
      cables,
      totalCents: projectTotalCents(change.items ?? before.items),
    };
    const history = [...before.history];
    if (changedFields.length > 0) {
      history.push({ ...entry(user, 'edited'), changes: fieldChanges(before, changed, changedFields) });
    }
    if (moving) history.push(entry(user, 'state', before.state, nextState));
    const document: ProjectDocument = { ...changed, state: moving ? nextState : before.state, history };
    let stored: boolean;
    if (moving && nextState === 'sentOffer') {
      if (document.items.length === 0) throw new HttpError(409, PROJECT_MSG.offerWithoutItems);
      // Built first, mailed only once the state is stored, before the commit: a stale write mails
      // nothing, a failed mail stores nothing (docs/projects.md#the-offer-flow).
      const now = new Date();
      const terms = currentTerms();
      const columns: ProjectRecordColumns = {
        // A revised offer keeps its number; its day, validity and terms are those of this sending.
        offerNumber: found.offer?.number ?? (await repository.nextNumber('offer', now)),
        offeredAt: now,
        offerValidUntil: addDays(berlinDay(now), terms.validityDays),
        offerTerms: terms,
      };
      document.history = [...document.history, entry(user, 'offerMailed')];
      const offered: Project = {
        ...found,
        project: document,
        offer: {
          number: columns.offerNumber ?? '',
          at: now.toISOString(),
          validUntil: columns.offerValidUntil ?? null,
          terms,
        },
      };
      const offer = await prepareOffer(offered, reply, user);
      stored = await offer.mail.sending(() =>
        repository.update(found.id, document, found.version, offer.send, columns),
      );
      if (!stored) await offer.mail.release();
    } else if (moving && nextState === 'ordered') {
      if (acceptTerms !== true) {
        throw new HttpError(400, PROJECT_MSG.termsRequired, { acceptTerms: PROJECT_MSG.termsRequired });
      }
      const validUntil = found.offer?.validUntil;
      if (validUntil && berlinDay() > validUntil) throw new HttpError(409, PROJECT_MSG.offerExpired);
      const now = new Date();
      const columns: ProjectRecordColumns = {
        orderNumber: await repository.nextNumber('order', now),
        orderedAt: now,
        orderedBy: user.id,
      };
      document.history = [...document.history, entry(user, 'orderMailed')];
      const ordered: Project = {
        ...found,
        project: document,
        order: {
          number: columns.orderNumber ?? '',
          at: now.toISOString(),
          byId: user.id,
          byName: user.displayName,
        },
      };
      const mails = await prepareOrderMails(ordered, reply, user);
      stored = await mails.mail.sending(() =>
        repository.update(found.id, document, found.version, mails.send, columns),
      );
      if (!stored) await mails.mail.release();
      else app.outbox.wake();
    } else {
      stored = await repository.update(found.id, document, found.version);
    }
    if (!stored) return stale(reply, found.id, user);
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
