import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorSchema } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import {
  ChatMessageInputSchema,
  ChatMessageListSchema,
  ChatMessageSchema,
  ChatMessagesQuerySchema,
  ChatReadResultSchema,
  ChatReadSchema,
  ChatUnreadSchema,
  ContactListSchema,
  ContactStarSchema,
} from '../../../contract/schemas/chat';
import { IdParamsSchema } from '../../../contract/schemas/common';
import { notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import type { ValibotTypeProvider } from '../../plugins/validation';
import { deliverChatMessage } from '../../realtime/chat-socket';
import { createChatRepository } from './chat.repository';

const bearer = [{ bearerAuth: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ApiErrorSchema]));
const contactNotFound = () => notFound(MSG.contactNotFound);

/** Chat and contacts (spec §7 chat, design §3 scope): everyone signed in, each within his scope. */
export const chatRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();
  const chat = createChatRepository(app.db);
  const signedIn = { onRequest: [app.authenticate] };

  app.get(
    '/chat/contacts',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        summary: 'The people the signed-in user may talk to, starred first, then by latest message',
        security: bearer,
        response: { 200: ContactListSchema, ...errors(401) },
      },
    },
    (request) => chat.contacts(currentUser(request).id, (id) => app.presence.isOnline(id)),
  );

  app.get(
    '/chat/messages',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        summary: 'One page of a conversation, oldest first; `before` pages back from a message id',
        security: bearer,
        querystring: ChatMessagesQuerySchema,
        response: { 200: ChatMessageListSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { contactId, before, limit } = request.query;
      const page = await chat.messages(currentUser(request).id, contactId, { before, limit });
      if (!page) throw contactNotFound();
      return page;
    },
  );

  app.post(
    '/chat/messages',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        summary: 'Send a chat message; it is delivered live to the recipient and the sender’s other tabs',
        security: bearer,
        body: ChatMessageInputSchema,
        response: { 201: ChatMessageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const sent = await chat.send(currentUser(request).id, request.body.contactId, request.body.messageText);
      if (!sent) throw contactNotFound();
      deliverChatMessage(app.io, sent);
      return reply.code(201).send(sent);
    },
  );

  app.get(
    '/chat/unread',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        summary: 'How many chat messages to the signed-in user are unread (the navigation badge)',
        security: bearer,
        response: { 200: ChatUnreadSchema, ...errors(401) },
      },
    },
    async (request) => ({ unread: await chat.unreadCount(currentUser(request).id) }),
  );

  app.post(
    '/chat/read',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        summary: 'Mark the messages from a contact read',
        security: bearer,
        body: ChatReadSchema,
        response: { 200: ChatReadResultSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const read = await chat.markRead(currentUser(request).id, request.body.contactId);
      if (read === null) throw contactNotFound();
      return { read };
    },
  );

  app.put(
    '/chat/contacts/:id/star',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        summary: 'Star or unstar a contact',
        security: bearer,
        params: IdParamsSchema,
        body: ContactStarSchema,
        response: { 200: ContactStarSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const starred = await chat.setStar(currentUser(request).id, request.params.id, request.body.starred);
      if (starred === null) throw contactNotFound();
      return { starred };
    },
  );
};
