import type { OutboxRow } from '../../db/schema/outbox';
import type { Mailer } from '../../integrations/mail/mailer';
import type { PushSender } from '../../integrations/push/push';
import { SmsGatewayError, type SmsSender } from '../../integrations/sms/sms';
import type { StoredPayload } from './outgoing';

/**
 * What became of one try: `sent`; `retry` later (the receiving side was down or busy); `failed`
 * for good (it refused the message itself); `gone`: a push subscription the service dropped, which
 * is removed (docs/outbox.md#retries).
 */
export type Delivery =
  | { result: 'sent' }
  | { result: 'retry'; error: string; retryAfterMs?: number | null }
  | { result: 'failed'; error: string }
  | { result: 'gone'; error: string };

export interface Channels {
  mailer: Mailer;
  sms: SmsSender;
  push: PushSender;
  /** The domain of `Message-ID`s: the sender address's. */
  messageIdDomain: string;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * An SMTP failure: a 5xx reply refuses the message or the recipient for good (RFC 5321 §4.2.1);
 * a 4xx reply, a refused or broken connection, a timeout are worth another try.
 */
export function judgeMailError(error: unknown): Delivery {
  const smtp = error as { responseCode?: unknown; response?: unknown };
  const text = typeof smtp.response === 'string' && smtp.response ? smtp.response : reason(error);
  if (typeof smtp.responseCode === 'number' && smtp.responseCode >= 500 && smtp.responseCode < 600)
    return { result: 'failed', error: text };
  return { result: 'retry', error: text };
}

/** A gateway's answer: 429 and 5xx again later (after `Retry-After`), any other 4xx refuses the message. */
export function judgeSmsError(error: unknown): Delivery {
  if (!(error instanceof SmsGatewayError)) return { result: 'retry', error: reason(error) };
  const text = `${error.status}${error.code ? ` (${error.code})` : ''}: ${error.message}`;
  if (error.status === 429 || error.status >= 500)
    return { result: 'retry', error: text, retryAfterMs: error.retryAfterMs };
  return { result: 'failed', error: text };
}

/** Sends one claimed row over its channel and judges the outcome. Never throws. */
export async function deliver(row: OutboxRow, channels: Channels): Promise<Delivery> {
  const payload = row.payload as StoredPayload;
  switch (payload.channel) {
    case 'mail':
      try {
        await channels.mailer.send({
          to: row.recipient,
          ...payload.mail,
          messageId: `<${row.id}@${channels.messageIdDomain}>`,
          attachments: payload.attachments?.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.base64, 'base64'),
          })),
        });
        return { result: 'sent' };
      } catch (error) {
        return judgeMailError(error);
      }
    case 'sms':
      try {
        await channels.sms.send({ to: row.recipient, body: payload.body });
        return { result: 'sent' };
      } catch (error) {
        return judgeSmsError(error);
      }
    case 'push': {
      // The row's id as the Topic: the push service replaces an undelivered copy (RFC 8030 §5.4).
      const topic = row.id.replaceAll('-', '');
      const pushed = await channels.push.send(
        { endpoint: row.recipient, p256dh: payload.keys.p256dh, auth: payload.keys.auth },
        payload.payload,
        { topic },
      );
      switch (pushed.outcome) {
        case 'sent':
          return { result: 'sent' };
        case 'gone':
          return { result: 'gone', error: `the push service no longer knows this device (${pushed.status})` };
        case 'refused':
          return { result: 'gone', error: pushed.error ?? 'not a push service the portal may reach' };
        case 'failed': {
          const error = pushed.error ?? 'push failed';
          const status = pushed.status;
          if (status === undefined || status === 429 || status >= 500)
            return { result: 'retry', error, retryAfterMs: pushed.retryAfterMs };
          return { result: 'failed', error };
        }
      }
    }
  }
}
