import type { FastifyPluginAsync } from 'fastify';
import { baseApi } from '../../../contract/api/base';
import { BASE_DATA_MSG } from '../../../contract/base-data-messages';
import { MSG } from '../../../contract/messages';
import { HttpError, staleVersion } from '../../lib/http-error';
import { askEveryoneToPull } from '../sync/sync-notify';
import { createBaseRepository } from './base.repository';

const keyTaken = () => new HttpError(409, BASE_DATA_MSG.baseKeyTaken, { key: BASE_DATA_MSG.baseKeyTaken });
const entryNotFound = () => new HttpError(404, BASE_DATA_MSG.baseEntryNotFound);

/** Base data (docs/base-data.md): read by everyone signed in, written by admins. */
export const baseRoutes: FastifyPluginAsync = async (app) => {
  const repository = createBaseRepository(app.db);
  // Every signed-in user mirrors base data (docs/sync.md): after a change they all pull it.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300) askEveryoneToPull(app, 'base');
  });

  app.serve(baseApi.list, async () => ({ entries: await repository.list() }));

  app.serve(baseApi.register, async (request, reply) => {
    const input = request.body;
    if (await repository.keyTaken(input.category, input.key)) throw keyTaken();
    const sort = input.sort ?? (await repository.nextSort(input.category));
    const entry = await repository.insert({ ...input, sort });
    if (!entry) throw keyTaken();
    return reply.code(201).send(entry);
  });

  app.serve(baseApi.update, async (request, reply) => {
    const { baseVersion, ...change } = request.body;
    const before = await repository.find(request.params.id);
    if (!before) throw entryNotFound();
    if (baseVersion !== undefined && baseVersion !== before.version) {
      return staleVersion(reply, before);
    }
    if (change.key !== undefined && (await repository.keyTaken(before.category, change.key, before.id))) {
      throw keyTaken();
    }
    const updated = await repository.update(before.id, change, baseVersion ?? before.version);
    if (updated) return updated;
    const current = await repository.find(before.id);
    if (!current) throw entryNotFound();
    return staleVersion(reply, current);
  });

  app.serve(baseApi.remove, async (request) => {
    let count = 0;
    let deactivated = 0;
    for (const id of new Set(request.body.ids)) {
      const entry = await repository.find(id);
      if (!entry) continue;
      // An entry a project refers to keeps its labels for that project: it only stops being offered.
      if (await repository.inUse(entry)) {
        if (entry.active) await repository.update(id, { active: false });
        deactivated++;
      } else if (await repository.tombstone(id)) {
        count++;
      }
    }
    return {
      message: deactivated > 0 ? BASE_DATA_MSG.baseEntriesDeactivated : MSG.deleted,
      count,
      deactivated,
    };
  });
};
