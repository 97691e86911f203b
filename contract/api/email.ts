import {
  MessageResponseSchema,
  OutboxAttachmentParamsSchema,
  OutboxResponseSchema,
  SendMailRequestSchema,
} from '../schemas/account';
import { endpoint } from './endpoint';

const tags = ['email'];

export const emailApi = {
  send: endpoint({
    method: 'POST',
    path: '/email/sendMailOverGmailSMTP',
    body: SendMailRequestSchema,
    answer: MessageResponseSchema,
    errors: [403, 429],
    auth: 'admin',
    summary: 'Send a mail (admin and above), through SMTP or into the outbox',
    tags,
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/email/outbox',
    answer: OutboxResponseSchema,
    errors: [403],
    auth: 'dev',
    summary: 'The mails kept in DATA_DIR/mail-outbox while no SMTP_URL is set (dev), newest first',
    tags,
  }),
  outboxAttachment: endpoint({
    method: 'GET',
    path: '/email/outbox/:id/attachments/:index',
    params: OutboxAttachmentParamsSchema,
    errors: [403, 404],
    auth: 'dev',
    file: { types: ['application/pdf'] },
    summary: 'A file attached to a mail of the outbox (dev): the offer PDF, say',
    tags,
  }),
};
