import type { FastifyPluginAsync } from 'fastify';
import { chatApi } from '../../../contract/api/chat';
import { MSG } from '../../../contract/messages';
import { notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { createChatRepository } from './chat.repository';
import { deliverChatMessage, handleChatEvents } from './chat-socket';

const contactNotFound = () => notFound(MSG.contactNotFound);

/**
 * Chat and contacts (docs/api.md#endpoints-by-domain chat, docs/access.md scope): everyone signed in, each within his scope.
 * The repository checks every named contact against the scope rule and answers null out of it.
 */
export const chatRoutes: FastifyPluginAsync = async (app) => {
  const chat = createChatRepository(app.db);
  // The chat's socket events live here with its routes; user-socket.ts has put the socket in its rooms first.
  app.io.on('connection', (socket) =>
    handleChatEvents(app.io, socket, chat, (error) =>
      app.log.error({ err: error }, 'chat socket event failed'),
    ),
  );

  app.serve(chatApi.contacts, async (request) => {
    const online = await app.presence.onlineIds();
    return chat.contacts(currentUser(request).id, (id) => online.has(id));
  });

  app.serve(chatApi.messages, async (request) => {
    const { contactId, before, limit } = request.query;
    const page = await chat.messages(currentUser(request).id, contactId, { before, limit });
    if (!page) throw contactNotFound();
    return page;
  });

  app.serve(chatApi.send, async (request) => {
    const sent = await chat.send(currentUser(request).id, request.body.contactId, request.body.messageText);
    if (!sent) throw contactNotFound();
    deliverChatMessage(app.io, sent);
    return sent;
  });

  app.serve(chatApi.unread, async (request) => ({ unread: await chat.unreadCount(currentUser(request).id) }));

  app.serve(chatApi.read, async (request) => {
    const read = await chat.markRead(currentUser(request).id, request.body.contactId);
    if (read === null) throw contactNotFound();
    return { read };
  });

  app.serve(chatApi.star, async (request) => {
    const starred = await chat.setStar(currentUser(request).id, request.params.id, request.body.starred);
    if (starred === null) throw contactNotFound();
    return { starred };
  });
};
