import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** `SMTP_URL` for the app: plain SMTP on loopback, no STARTTLS. */
  url: string;
  /** Every mail received so far, in order. */
  received: ParsedMail[];
  /** The next mail to `to` not taken before, waiting for it if it has not arrived yet. */
  nextMailTo(to: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  [mail.to]
    .flat()
    .flatMap((address) => address?.value ?? [])
    .map((entry) => entry.address?.toLowerCase());

export interface TestSmtpOptions {
  /** The loopback port (a server coming back on the address of one that went down); a free one by default. */
  port?: number;
  /**
   * Refuses a recipient for good: answers the RCPT TO with `550 <text>` while it returns a text.
   * Asked for every recipient of every mail, so a test can change its mind.
   */
  refuse?: (address: string) => string | null;
  /** Holds each mail this long before accepting it (mails in flight when a process is killed). */
  acceptDelayMs?: number;
}

/** A real SMTP server (the smtp-server package) on a loopback port; mails parsed by mailparser. */
export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiting: { to: string; resolve: (mail: ParsedMail) => void }[] = [];

  const deliver = (mail: ParsedMail) => {
    received.push(mail);
    const index = waiting.findIndex((waiter) => recipients(mail).includes(waiter.to));
    if (index === -1) return;
    const [waiter] = waiting.splice(index, 1);
    taken.add(mail);
    waiter?.resolve(mail);
  };

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address.toLowerCase());
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const accept = () => {
            deliver(mail);
            callback();
          };
          if (options.acceptDelayMs) setTimeout(accept, options.acceptDelayMs);
          else accept();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A sender killed mid-session (the SIGKILL tests) resets its connection, which smtp-server emits
  // as an 'error' event: unheard, it would end the test run as an uncaught exception.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    nextMailTo(to) {
      const address = to.toLowerCase();
      const mail = received.find((entry) => !taken.has(entry) && recipients(entry).includes(address));
      if (mail) {
        taken.add(mail);
        return Promise.resolve(mail);
      }
      return new Promise((resolve) => waiting.push({ to: address, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that contains `path`. */
export function linkIn(mail: ParsedMail, path: string): URL {
  const link = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(path));
  if (!link) throw new Error(`no ${path} link in the mail "${mail.subject}"`);
  return new URL(link);
}
