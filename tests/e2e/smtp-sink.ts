import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SMTP_MAILBOX_FILE, SMTP_PORT } from '../../playwright.config';

/** One mail the SMTP sink received, with the links of its HTML part. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  /** The attached files (the offer PDF of tests/e2e/projects.spec.ts): name, type and size. */
  attachments: { filename: string; contentType: string; size: number }[];
}

/**
 * Playwright global setup: a real SMTP server on loopback that the main e2e server mails to
 * (SMTP_URL). Each mail is parsed and appended to a file, which tests of any worker read.
 */
export default async function startSmtpSink(): Promise<() => Promise<void>> {
  rmSync(SMTP_MAILBOX_FILE, { force: true });
  mkdirSync(dirname(SMTP_MAILBOX_FILE), { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) =>
            (match[1] ?? '').replaceAll('&#38;', '&'),
          );
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          const mail: ReceivedMail = {
            to: to ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            links,
            attachments: parsed.attachments.map((attachment) => ({
              filename: attachment.filename ?? '',
              contentType: attachment.contentType,
              size: attachment.size,
            })),
          };
          appendFileSync(SMTP_MAILBOX_FILE, `${JSON.stringify(mail)}\n`);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Every mail received so far for `to` (lower case), oldest first. */
export function mailsTo(to: string): ReceivedMail[] {
  let lines: string[];
  try {
    lines = readFileSync(SMTP_MAILBOX_FILE, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
  return lines
    .map((line) => JSON.parse(line) as ReceivedMail)
    .filter((mail) => mail.to.toLowerCase().includes(to));
}
