import type { FastifyPluginAsync } from 'fastify';
import { descriptionsApi } from '../../../contract/api/descriptions';
import { MSG } from '../../../contract/messages';
import { isUniqueViolation } from '../../db/results';
import { HttpError, notFound, staleVersion } from '../../lib/http-error';
import { askEveryoneToPull } from '../sync/sync-notify';
import { createDescriptionsRepository } from './descriptions.repository';

const duplicateNumber = () => new HttpError(400, MSG.invalidRequest, { number: MSG.duplicateNumber });

/** A unique index refused the write after all (a race with another request): say so on `number`. */
function duplicateOr(error: unknown): never {
  if (isUniqueViolation(error)) throw duplicateNumber();
  throw error;
}

/** The error-code catalogue; every change asks every client to pull (it is mirrored by all). */
export const descriptionsRoutes: FastifyPluginAsync = async (app) => {
  const descriptions = createDescriptionsRepository(app.db);

  app.serve(descriptionsApi.list, () => descriptions.list());

  app.serve(descriptionsApi.get, async (request) => {
    const found = await descriptions.find(request.params.id);
    if (!found) throw notFound();
    return found;
  });

  app.serve(descriptionsApi.register, async (request) => {
    if (await descriptions.numberTaken(request.body.number)) throw duplicateNumber();
    const created = await descriptions.insert(request.body).catch(duplicateOr);
    askEveryoneToPull(app);
    return created;
  });

  app.serve(descriptionsApi.update, async (request, reply) => {
    const { id } = request.params;
    const { baseVersion, ...input } = request.body;
    const before = await descriptions.find(id);
    if (!before) throw notFound();
    if (baseVersion !== undefined && baseVersion !== before.version) {
      return staleVersion(reply, before);
    }
    if (await descriptions.numberTaken(input.number, id)) throw duplicateNumber();
    const updated = await descriptions.update(id, input, baseVersion).catch(duplicateOr);
    if (updated) {
      askEveryoneToPull(app);
      return updated;
    }
    // Changed or deleted between the read and the write.
    const current = await descriptions.find(id);
    if (!current) throw notFound();
    return staleVersion(reply, current);
  });

  app.serve(descriptionsApi.remove, async (request) => {
    const removed = await descriptions.tombstone(request.body.ids);
    if (removed.length > 0) askEveryoneToPull(app);
    return { message: MSG.deleted, count: removed.length };
  });
};
