import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorSchema } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import {
  MessageResponseSchema,
  OutboxResponseSchema,
  SendMailRequestSchema,
} from '../../../contract/schemas/account';
import { readOutbox } from '../../integrations/mail/mailer';
import { htmlToText } from '../../integrations/mail/templates';
import { currentUser } from '../../plugins/auth';
import { requestRateLimit } from '../../plugins/rate-limit';
import type { ValibotTypeProvider } from '../../plugins/validation';

export interface EmailRoutesOptions {
  dataDir: string;
  /** Mails a minute per user. */
  mailRateLimit: number;
}

const bearer = [{ bearerAuth: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ApiErrorSchema]));

export const emailRoutes: FastifyPluginAsync<EmailRoutesOptions> = async (base, options) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/email/sendMailOverGmailSMTP',
    {
      onRequest: [app.authenticate, app.requireRole('admin')],
      // After the role check, so only admins count, each against his own limit.
      config: requestRateLimit(
        options.mailRateLimit,
        (request) => `mail|${currentUser(request).id}`,
        'preHandler',
      ),
      schema: {
        tags: ['email'],
        summary: 'Send a mail (admin and above), through SMTP or into the outbox',
        security: bearer,
        body: SendMailRequestSchema,
        response: { 200: MessageResponseSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { to, subject, html } = request.body;
      await app.mailer.send({ to, subject, html, text: htmlToText(html) });
      return { message: MSG.emailSent };
    },
  );

  app.get(
    '/email/outbox',
    {
      onRequest: [app.authenticate, app.requireRole('dev')],
      schema: {
        tags: ['email'],
        summary: 'The mails kept in DATA_DIR/mail-outbox while no SMTP_URL is set (dev), newest first',
        security: bearer,
        response: { 200: OutboxResponseSchema, ...errors(401, 403) },
      },
    },
    async () => ({ mails: await readOutbox(options.dataDir) }),
  );
};
