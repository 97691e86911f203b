import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { messagesApi } from '../../../contract/api/messages';
import { MSG } from '../../../contract/messages';
import type { Message, MessageNotes } from '../../../contract/schemas/message';
import { liftScopeCondition } from '../../access/lifts';
import { forbidden, notFound, staleVersion } from '../../lib/http-error';
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

  /** The reading of a lift the user sees, or 404. */
  async function readingOf(request: Parameters<typeof currentUser>[0], year: number, messageId: string) {
    const found = await messages.find(liftScopeCondition(currentUser(request)), year, messageId);
    if (!found) throw notFound();
    return found;
  }

  /** The reading as it is after its notes changed, told to its lift's people like a new reading. */
  async function changed(year: number, messageId: string) {
    const updated = await messages.touch(year, messageId);
    if (!updated) throw notFound();
    // Pushed like a new reading: screens and mirrors apply the row without a pull.
    app.liveLifts.message(updated);
    return updated;
  }

  /** An entry of the reading that the signed-in user wrote: 404 when there is none, 403 when another did. */
  async function ownEntry(request: Parameters<typeof currentUser>[0], messageId: string, entryId: string) {
    const entry = await messages.findEntry(messageId, entryId);
    if (!entry) throw notFound();
    if (entry.authorId !== currentUser(request).id) throw forbidden();
    return entry;
  }

  // Notes are entries, each by its author (docs/telemetry.md#notes): anyone who sees the lift adds
  // his own; only the author changes or removes one.
  app.serve(messagesApi.addNote, async (request) => {
    const { year, id, text, urls } = request.body;
    const message = await readingOf(request, year, request.params.messageId);
    await messages.addEntry({ id, message, authorId: currentUser(request).id, text, urls });
    return changed(year, message.id);
  });

  app.serve(messagesApi.editNote, async (request) => {
    const { year, text, urls } = request.body;
    const message = await readingOf(request, year, request.params.messageId);
    const entry = await ownEntry(request, message.id, request.params.entryId);
    await messages.editEntry(entry.id, { text, urls });
    return changed(year, message.id);
  });

  app.serve(messagesApi.removeNote, async (request) => {
    const message = await readingOf(request, request.body.year, request.params.messageId);
    const entry = await ownEntry(request, message.id, request.params.entryId);
    await messages.removeEntry(entry.id);
    return changed(request.body.year, message.id);
  });

  /**
   * The specification's single note as the caller's own entry: his newest one takes the title and
   * text (or goes, when the note is emptied), else a new one is added; others' entries stay.
   */
  async function writeOwnEntry(
    request: Parameters<typeof currentUser>[0],
    message: Message,
    note: { isNotes: boolean; notes: MessageNotes },
  ) {
    const authorId = currentUser(request).id;
    const text = [note.notes.title, note.notes.notes].filter((part) => part.trim() !== '').join('\n');
    const own = await messages.latestEntryBy(message.id, authorId);
    const empty = !note.isNotes || (text === '' && note.notes.urls.length === 0);
    if (empty) {
      if (own) await messages.removeEntry(own.id);
    } else if (own) {
      await messages.editEntry(own.id, { text, urls: note.notes.urls });
    } else {
      await messages.addEntry({ id: randomUUID(), message, authorId, text, urls: note.notes.urls });
    }
  }

  // The specification's single note (§7), as before notes became entries; the PWA writes entries.
  // The reading's own note field keeps the last one written (the specification's shape), and the
  // note becomes the caller's entry, so it shows in the app under his name.
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
      await writeOwnEntry(request, updated, { isNotes, notes });
      return changed(year, updated.id);
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
