import type { FastifyPluginAsync } from 'fastify';
import { descriptionsApi } from '../../../contract/api/descriptions';
import { MSG } from '../../../contract/messages';
import { isUniqueViolation } from '../../db/results';
import { HttpError, notFound, staleVersion } from '../../lib/http-error';
import { askEveryoneToPull } from '../sync/sync-notify';
import {
  findDescription,
  insertDescription,
  listDescriptions,
  numberTaken,
  tombstoneDescriptions,
  updateDescription,
} from './descriptions.repository';

const duplicateNumber = () => new HttpError(400, MSG.invalidRequest, { number: MSG.duplicateNumber });

/** A unique index refused the write after all (a race with another request): say so on `number`. */
function duplicateOr(error: unknown): never {
  if (isUniqueViolation(error)) throw duplicateNumber();
  throw error;
}

/** The error-code catalogue; every change asks every client to pull (it is mirrored by all). */
export const descriptionsRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  app.serve(descriptionsApi.list, () => listDescriptions(db));

  app.serve(descriptionsApi.get, (request) => findDescription(db, request.params.id));

  app.serve(descriptionsApi.register, async (request) => {
    if (await numberTaken(db, request.body.number)) throw duplicateNumber();
    const created = await insertDescription(db, request.body).catch(duplicateOr);
    askEveryoneToPull(app);
    return created;
  });

  app.serve(descriptionsApi.update, async (request, reply) => {
    const { id } = request.params;
    const { baseVersion, ...input } = request.body;
    const before = await findDescription(db, id);
    if (!before) throw notFound();
    if (baseVersion !== undefined && baseVersion !== before.version) {
      return staleVersion(reply, before);
    }
    if (await numberTaken(db, input.number, id)) throw duplicateNumber();
    const updated = await updateDescription(db, id, input, baseVersion).catch(duplicateOr);
    if (updated) {
      askEveryoneToPull(app);
      return updated;
    }
    // Changed or deleted between the read and the write.
    const current = await findDescription(db, id);
    if (!current) throw notFound();
    return staleVersion(reply, current);
  });

  app.serve(descriptionsApi.remove, async (request) => {
    const removed = await tombstoneDescriptions(db, request.body.ids);
    if (removed.length > 0) askEveryoneToPull(app);
    return { message: MSG.deleted, count: removed.length };
  });
};
