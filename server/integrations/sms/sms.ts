import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { definePlugin } from '../../lib/define-plugin';
import { retryAfterMs } from '../../lib/retry-after';

/** One text message to one phone number (E.164, as the profile keeps it). */
export interface Sms {
  to: string;
  body: string;
}

export interface SmsSender {
  /** Sends through the gateway, or keeps the message in the outbox when no `SMS_URL` is set. */
  send(sms: Sms): Promise<void>;
}

export interface SmsOptions {
  /** Base URL of a gateway speaking Twilio's Messages API (`https://api.twilio.com`); unset: outbox. */
  smsUrl: string | undefined;
  accountSid: string;
  authToken: string;
  from: string;
  dataDir: string;
}

/** A message kept in the outbox (`DATA_DIR/sms-outbox`), like the mail outbox. */
export interface OutboxSms extends Sms {
  id: string;
  at: string;
}

/** The gateway refused the message: Twilio's error shape (`code`, `message`, `more_info`, `status`). */
export class SmsGatewayError extends Error {
  override name = 'SmsGatewayError';
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
    /** A 429's `Retry-After`, in milliseconds. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

const outboxDir = (dataDir: string) => path.join(dataDir, 'sms-outbox');
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * Twilio's Messages resource: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form
 * encoded `To`, `From`, `Body`, HTTP Basic auth with the account SID and auth token; 201 with the
 * message, or an error object `{ code, message, more_info, status }`.
 */
function createGateway(options: SmsOptions & { smsUrl: string }, log: FastifyBaseLogger): SmsSender {
  const base = options.smsUrl.replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send(sms) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: sms.to, From: options.from, Body: sms.body }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => null)) as {
        sid?: string;
        code?: number;
        message?: string;
      } | null;
      if (!response.ok) {
        throw new SmsGatewayError(
          response.status,
          typeof answer?.code === 'number' ? answer.code : null,
          typeof answer?.message === 'string' ? answer.message : `SMS gateway answered ${response.status}`,
          retryAfterMs(response.headers.get('retry-after')),
        );
      }
      log.info({ to: sms.to, sid: answer?.sid }, 'sms sent');
    },
  };
}

function createOutbox(dataDir: string, log: FastifyBaseLogger): SmsSender {
  const dir = outboxDir(dataDir);
  return {
    async send(sms) {
      const at = new Date().toISOString();
      const id = randomUUID();
      const entry: OutboxSms = { id, at, ...sms };
      await mkdir(dir, { recursive: true });
      // The name sorts by time, as in the mail outbox.
      await writeFile(
        path.join(dir, `${at.replace(/[:.]/g, '-')}_${id}.json`),
        JSON.stringify(entry, null, 2),
      );
      log.info({ to: sms.to }, 'sms kept in the outbox (no SMS_URL)');
    },
  };
}

export function createSmsSender(options: SmsOptions, log: FastifyBaseLogger): SmsSender {
  return options.smsUrl
    ? createGateway({ ...options, smsUrl: options.smsUrl }, log)
    : createOutbox(options.dataDir, log);
}

/** The messages of the outbox, newest first (tests and developers). */
export async function readSmsOutbox(dataDir: string): Promise<OutboxSms[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const messages: OutboxSms[] = [];
  for (const name of names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse()) {
    try {
      messages.push(JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxSms);
    } catch {
      // removed meanwhile, or not one of ours
    }
  }
  return messages;
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsSender;
  }
}

/** `app.sms` for every module (docs/alarms.md#sms). */
export const smsPlugin = definePlugin<SmsOptions>('sms', async (app, options) => {
  app.decorate('sms', createSmsSender(options, app.log));
});
