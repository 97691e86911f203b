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
} from '../schemas/chat';
import { IdParamsSchema } from '../schemas/common';
import { endpoint } from './endpoint';

const tags = ['chat'];

/**
 * Chat and contacts (docs/api.md#endpoints-by-domain chat, docs/access.md scope): everyone signed in, each within his scope;
 * a contact out of scope answers 404. The live part is the user socket (docs/realtime.md).
 */
export const chatApi = {
  contacts: endpoint({
    method: 'GET',
    path: '/chat/contacts',
    answer: ContactListSchema,
    auth: 'signedIn',
    summary: 'The people the signed-in user may talk to, starred first, then by latest message',
    tags,
  }),
  messages: endpoint({
    method: 'GET',
    path: '/chat/messages',
    query: ChatMessagesQuerySchema,
    answer: ChatMessageListSchema,
    errors: [404],
    auth: 'signedIn',
    summary: 'One page of a conversation, oldest first; `before` pages back from a message id',
    tags,
  }),
  send: endpoint({
    method: 'POST',
    path: '/chat/messages',
    body: ChatMessageInputSchema,
    answer: ChatMessageSchema,
    status: 201,
    errors: [404],
    auth: 'signedIn',
    summary: 'Send a chat message; it is delivered live to the recipient and the sender’s other tabs',
    tags,
  }),
  unread: endpoint({
    method: 'GET',
    path: '/chat/unread',
    answer: ChatUnreadSchema,
    auth: 'signedIn',
    summary: 'How many chat messages to the signed-in user are unread (the navigation badge)',
    tags,
  }),
  read: endpoint({
    method: 'POST',
    path: '/chat/read',
    body: ChatReadSchema,
    answer: ChatReadResultSchema,
    errors: [404],
    auth: 'signedIn',
    summary: 'Mark the messages from a contact read',
    tags,
  }),
  star: endpoint({
    method: 'PUT',
    path: '/chat/contacts/:id/star',
    params: IdParamsSchema,
    body: ContactStarSchema,
    answer: ContactStarSchema,
    errors: [404],
    auth: 'signedIn',
    summary: 'Star or unstar a contact',
    tags,
  }),
};
