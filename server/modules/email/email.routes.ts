import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { emailApi } from '../../../contract/api/email';
import { MSG } from '../../../contract/messages';
import { htmlToText } from '../../integrations/mail/html-to-text';
import { readOutbox, readOutboxAttachment } from '../../integrations/mail/mailer';
import { HttpError } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { requestRateLimit } from '../../plugins/rate-limit';

export interface EmailRoutesOptions {
  dataDir: string;
  /** Mails a minute per user. */
  mailRateLimit: number;
}

export const emailRoutes: FastifyPluginAsync<EmailRoutesOptions> = async (app, options) => {
  app.serve(
    emailApi.send,
    async (request) => {
      const { to, subject, html } = request.body;
      // Through the outbox like every mail: delivered, retried when the server is down, and seen on
      // the outbox page (docs/outbox.md).
      await app.outbox.send([
        {
          channel: 'mail',
          kind: 'admin-mail',
          cause: `admin-mail:${randomUUID()}`,
          to,
          mail: { subject, html, text: htmlToText(html) },
        },
      ]);
      return { message: MSG.emailSent };
    },
    // After the role check, so only admins count, each against his own limit.
    {
      config: requestRateLimit(
        options.mailRateLimit,
        (request) => `mail|${currentUser(request).id}`,
        'preHandler',
      ),
    },
  );

  app.serve(emailApi.outbox, async () => ({ mails: await readOutbox(options.dataDir) }));

  app.serve(emailApi.outboxAttachment, async (request, reply) => {
    const { id, index } = request.params;
    const file = await readOutboxAttachment(options.dataDir, id, index);
    if (!file) throw new HttpError(404, MSG.notFound);
    const ascii = file.filename.replace(/[^\w.-]+/g, '_');
    return reply
      .header('content-type', file.contentType)
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      )
      .send(file.content);
  });
};
