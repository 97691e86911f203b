import type { FastifyPluginAsync } from 'fastify';
import { messagesApi } from '../../../contract/api/messages';
import { MSG } from '../../../contract/messages';
import { liftScopeCondition } from '../../access/lifts';
import { notFound, staleVersion } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { askLiftSeersToPull } from '../sync/sync-notify';
import { createMessagesRepository } from './messages.repository';

/** Readings of the lifts the signed-in user sees (docs/access.md scope), and the notes on them. */
export const messagesRoutes: FastifyPluginAsync = async (app) => {
  const messages = createMessagesRepository(app.db);

  app.serve(messagesApi.list, (request) =>
    messages.list(liftScopeCondition(currentUser(request)), request.query, 'all'),
  );
  app.serve(messagesApi.stats, (request) =>
    messages.list(liftScopeCondition(currentUser(request)), request.query, 'stats'),
  );
  app.serve(messagesApi.detailed, (request) =>
    messages.list(liftScopeCondition(currentUser(request)), request.query, 'detailed'),
  );

  app.serve(messagesApi.saveNotes, async (request, reply) => {
    const { year, isNotes, notes, baseVersion } = request.body;
    const scope = liftScopeCondition(currentUser(request));
    const before = await messages.find(scope, year, request.params.messageId);
    if (!before) throw notFound();
    if (baseVersion !== undefined && baseVersion !== before.version) {
      return staleVersion(reply, before);
    }
    const updated = await messages.updateNotes(year, before.id, { isNotes, notes }, baseVersion);
    if (updated) {
      // Pushed like a new reading: screens and mirrors apply the row without a pull.
      app.liveLifts.message(updated);
      return updated;
    }
    // Changed or deleted between the read and the write.
    const current = await messages.find(scope, year, before.id);
    if (!current) throw notFound();
    return staleVersion(reply, current);
  });

  app.serve(messagesApi.remove, async (request) => {
    const { ids, year } = request.body;
    const removed = await messages.tombstone(liftScopeCondition(currentUser(request)), year, ids);
    askLiftSeersToPull(
      app,
      removed.map((row) => row.liftId),
    );
    return { message: MSG.deleted, count: removed.length };
  });
};
