import type { OutboxKind } from '../../../contract/schemas/outbox';
import type { MailContent } from '../../integrations/mail/layout';
import type { PushTarget } from '../../integrations/push/push';

/** What every outgoing message says about itself: why it exists and whom it concerns. */
interface MessageBase {
  kind: OutboxKind;
  /**
   * What caused it, such as `alarm:<id>`: with the recipient and the channel its identity, so the
   * same event seen twice makes one row (docs/outbox.md#once).
   */
  cause: string;
  /** The user it goes to, when he is one. */
  userId?: string | null;
  alarmId?: string | null;
  liftId?: string | null;
}

/** A file sent with a mail (the offer PDF), kept in the row until the mail is sent. */
export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail extends MessageBase {
  channel: 'mail';
  to: string;
  mail: MailContent;
  attachments?: readonly OutgoingAttachment[];
}

export interface OutgoingSms extends MessageBase {
  channel: 'sms';
  /** E.164. */
  to: string;
  body: string;
}

export interface OutgoingPush extends MessageBase {
  channel: 'push';
  target: PushTarget;
  /** The notification's title, for lists. */
  title: string;
  /** The JSON the service worker receives. */
  payload: string;
}

export type OutgoingMessage = OutgoingMail | OutgoingSms | OutgoingPush;

/** The row's `payload` column per channel: what the worker needs to send it. */
export type StoredPayload =
  | {
      channel: 'mail';
      mail: MailContent;
      attachments?: { filename: string; contentType: string; base64: string }[];
    }
  | { channel: 'sms'; body: string }
  | { channel: 'push'; keys: { p256dh: string; auth: string }; payload: string };

export const recipientOf = (message: OutgoingMessage): string =>
  message.channel === 'push' ? message.target.endpoint : message.to;

export const subjectOf = (message: OutgoingMessage): string =>
  message.channel === 'mail'
    ? message.mail.subject
    : message.channel === 'sms'
      ? message.body
      : message.title;

export function storedPayload(message: OutgoingMessage): StoredPayload {
  switch (message.channel) {
    case 'mail':
      return {
        channel: 'mail',
        mail: { subject: message.mail.subject, text: message.mail.text, html: message.mail.html },
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                base64: file.content.toString('base64'),
              })),
            }
          : {}),
      };
    case 'sms':
      return { channel: 'sms', body: message.body };
    case 'push':
      return {
        channel: 'push',
        keys: { p256dh: message.target.p256dh, auth: message.target.auth },
        payload: message.payload,
      };
  }
}
