import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SMTP_MAILBOX_FILE, SMTP_PORT, SMTP_REFUSE_FILE } from '../../playwright.config';

/** Recipients the sink refuses permanently while `refuseRecipients(true)` holds (tests/e2e/outbox.spec.ts). */
export const REFUSED_DOMAIN = 'refused.e2e.test';

/** One mail the SMTP sink received, with the links of its HTML part. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  /** The attached files (the offer PDF of tests/e2e/projects.spec.ts): name, type, size and bytes (base64). */
  attachments: { filename: string; contentType: string; size: number; base64: string }[];
}

/**
 * Playwright global setup: a real SMTP server on loopback that the main e2e server mails to
 * (SMTP_URL). Each mail is parsed and appended to a file, which tests of any worker read.
 */
export default async function startSmtpSink(): Promise<() => Promise<void>> {
  rmSync(SMTP_MAILBOX_FILE, { force: true });
  rmSync(SMTP_REFUSE_FILE, { force: true });
  mkdirSync(dirname(SMTP_MAILBOX_FILE), { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A file, not state in this process: the tests run in other processes (Playwright's workers).
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${REFUSED_DOMAIN}`) && existsSync(SMTP_REFUSE_FILE)) {
        const refused = new Error('5.1.1 Mailbox unavailable: refused by the e2e sink') as Error & {
          responseCode: number;
        };
        refused.responseCode = 550;
        callback(refused);
        return;
      }
      callback();
    },
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
              base64: attachment.content.toString('base64'),
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
  // A portal stopped mid-session resets its connection, which smtp-server emits as an 'error' event.
  server.on('error', () => {});
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Whether the sink refuses `@refused.e2e.test` recipients with 550 (a mailbox that does not exist). */
export function refuseRecipients(refuse: boolean): void {
  if (refuse) writeFileSync(SMTP_REFUSE_FILE, '');
  else rmSync(SMTP_REFUSE_FILE, { force: true });
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
