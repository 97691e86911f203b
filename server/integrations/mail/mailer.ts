import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import * as v from 'valibot';
import { type OutboxMail, OutboxMailSchema } from '../../../contract/schemas/account';
import { definePlugin } from '../../lib/define-plugin';
import type { MailContent } from './layout';

interface Mail extends MailContent {
  to: string;
  /** Files sent along (the offer PDF of docs/projects.md); the outbox keeps them beside the mail. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * The `Message-ID` header, `<…@…>`: the durable outbox gives each mail its row's, so a mail sent
   * again after a crash is the same message to the receiving server (docs/outbox.md#guarantees).
   */
  messageId?: string;
}

export interface Mailer {
  /** Sends through SMTP, or keeps the mail in the outbox when no SMTP server is configured. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
}

const outboxDir = (dataDir: string) => path.join(dataDir, 'mail-outbox');
const OUTBOX_LIMIT = 200;

/** Every http(s) link in a mail's text, so a developer can follow it from the outbox. */
function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/**
 * The SMTP URL with our defaults for what it does not say (nodemailer reads transport options only
 * from the URL's query when given a URL): pooled, because the outbox's worker sends many mails at a
 * time and a new connection (greeting, EHLO) per mail took most of each send; bounded waits, well
 * inside the outbox's lease on a message (docs/outbox.md#the-worker), where nodemailer's defaults
 * wait up to two minutes for a connection and ten for a silent socket.
 */
function withTransportDefaults(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults = {
    pool: 'true',
    maxConnections: '5',
    connectionTimeout: '20000',
    greetingTimeout: '15000',
    socketTimeout: '60000',
  };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.toString();
}

function createMailer(options: MailerOptions, log: FastifyBaseLogger): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(withTransportDefaults(options.smtpUrl));
    return {
      async send(mail) {
        await transport.sendMail({ from: options.mailFrom, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const dir = outboxDir(options.dataDir);
  return {
    async send(mail) {
      const at = new Date().toISOString();
      const id = randomUUID();
      const { attachments = [], ...content } = mail;
      // The name sorts by time, so the newest are found without reading every file.
      const base = `${at.replace(/[:.]/g, '-')}_${id}`;
      await mkdir(dir, { recursive: true });
      // Each attachment is a file beside the mail (not `.json`, so the listing skips it).
      for (const [index, attachment] of attachments.entries()) {
        await writeFile(path.join(dir, outboxAttachmentName(base, index)), attachment.content);
      }
      const entry: OutboxMail = {
        id,
        ...content,
        at,
        links: linksIn(mail.text),
        attachments: attachments.map(({ filename, contentType, content: bytes }) => ({
          filename,
          contentType,
          size: bytes.length,
        })),
      };
      await writeFile(path.join(dir, `${base}.json`), JSON.stringify(entry, null, 2));
      log.info(
        { to: mail.to, subject: mail.subject, links: entry.links },
        'mail kept in the outbox (no SMTP_URL)',
      );
    },
    close: () => {},
  };
}

const outboxAttachmentName = (base: string, index: number) => `${base}.attachment-${index}`;

/**
 * An attachment of an outbox mail (by the mail's id and the attachment's place in its list), or
 * null when there is no such mail or attachment.
 */
export async function readOutboxAttachment(
  dataDir: string,
  mailId: string,
  index: number,
): Promise<{ filename: string; contentType: string; content: Buffer } | null> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const name = names.find((candidate) => candidate.endsWith(`_${mailId}.json`));
  if (!name) return null;
  const parsed = v.safeParse(OutboxMailSchema, JSON.parse(await readFile(path.join(dir, name), 'utf8')));
  const listed = parsed.success ? parsed.output.attachments?.[index] : undefined;
  if (!listed) return null;
  try {
    const content = await readFile(
      path.join(dir, outboxAttachmentName(name.slice(0, -'.json'.length), index)),
    );
    return { filename: listed.filename, contentType: listed.contentType, content };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The newest mails of the outbox, newest first. */
export async function readOutbox(dataDir: string, limit = OUTBOX_LIMIT): Promise<OutboxMail[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, limit);
  const mails: OutboxMail[] = [];
  for (const name of newest) {
    let content: unknown;
    try {
      content = JSON.parse(await readFile(path.join(dir, name), 'utf8'));
    } catch {
      continue; // removed meanwhile, or not one of ours
    }
    const parsed = v.safeParse(OutboxMailSchema, content);
    if (parsed.success) mails.push(parsed.output);
  }
  return mails;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** `app.mailer` for every module: one SMTP transport per app, closed with it. */
export const mailPlugin = definePlugin<MailerOptions>('mail', async (app, options) => {
  const mailer = createMailer(options, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
});
