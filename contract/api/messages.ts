import { DeleteResultSchema } from '../schemas/common';
import {
  MessageDeleteSchema,
  MessageIdParamsSchema,
  MessageListResponseSchema,
  MessageNotesUpdateSchema,
  MessageQuerySchema,
  MessageSchema,
} from '../schemas/message';
import { endpoint } from './endpoint';

const tags = ['messages'];

/** Readings the controllers sent (errors, infos, stats) and the notes users write on them. */
export const messagesApi = {
  list: endpoint({
    method: 'GET',
    path: '/messages/getByPagenation',
    query: MessageQuerySchema,
    answer: MessageListResponseSchema,
    auth: 'signedIn',
    summary: "Readings of the signed-in user's lifts, newest first",
    tags,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/messages/getStatsMsgs',
    query: MessageQuerySchema,
    answer: MessageListResponseSchema,
    auth: 'signedIn',
    summary: "Stats readings of the signed-in user's lifts, newest first",
    tags,
  }),
  detailed: endpoint({
    method: 'GET',
    path: '/messages/getDetailedMsgs',
    query: MessageQuerySchema,
    answer: MessageListResponseSchema,
    auth: 'signedIn',
    summary: "Errors and infos of the signed-in user's lifts, newest first",
    tags,
  }),
  saveNotes: endpoint({
    method: 'PUT',
    path: '/messages/:messageId',
    params: MessageIdParamsSchema,
    body: MessageNotesUpdateSchema,
    answer: MessageSchema,
    errors: [404, 409],
    auth: 'signedIn',
    summary: 'Write notes on a reading of a lift the signed-in user sees, optionally made on `baseVersion`',
    tags,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/messages/deleteByIds',
    body: MessageDeleteSchema,
    answer: DeleteResultSchema,
    errors: [403],
    auth: 'admin',
    summary: 'Delete readings of one year (they stay as tombstones for sync)',
    tags,
  }),
};
