import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsSender, readSmsOutbox, SmsGatewayError } from './sms';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'test-auth-token';
const quiet = () => {};
const log = { info: quiet, warn: quiet } as unknown as FastifyBaseLogger;

interface Received {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** A local server speaking Twilio's Messages API: 201 with a message, or Twilio's error object. */
let server: Server;
let url: string;
const received: Received[] = [];

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = new URLSearchParams(await body(request));
    received.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      form,
    });
    const expected = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
    response.setHeader('content-type', 'application/json');
    if (request.headers.authorization !== expected) {
      response.writeHead(401).end(
        JSON.stringify({
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        }),
      );
      return;
    }
    if (!/^\+\d{6,15}$/.test(form.get('To') ?? '')) {
      response.writeHead(400).end(
        JSON.stringify({
          code: 21211,
          message: `The 'To' number ${form.get('To')} is not a valid phone number.`,
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        }),
      );
      return;
    }
    response.writeHead(201).end(
      JSON.stringify({
        sid: 'SM0123',
        status: 'queued',
        to: form.get('To'),
        from: form.get('From'),
        body: form.get('Body'),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMS gateway (Twilio Messages API)', () => {
  it("posts To, From and Body form encoded with Basic auth to the account's Messages resource", async () => {
    const sender = createSmsSender(
      { smsUrl: url, accountSid: SID, authToken: TOKEN, from: '+4930999', dataDir: '/nonexistent' },
      log,
    );
    await sender.send({ to: '+4915112345678', body: 'Alarm L-1: Fehler 4711 – Tür klemmt' });
    const last = received.at(-1);
    expect(last?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(last?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(last?.form ?? [])).toEqual({
      To: '+4915112345678',
      From: '+4930999',
      Body: 'Alarm L-1: Fehler 4711 – Tür klemmt',
    });
  });

  it("turns Twilio's error object into an SmsGatewayError with its code and message", async () => {
    const wrongToken = createSmsSender(
      { smsUrl: url, accountSid: SID, authToken: 'wrong', from: '+4930999', dataDir: '/nonexistent' },
      log,
    );
    await expect(wrongToken.send({ to: '+4915112345678', body: 'x' })).rejects.toMatchObject({
      name: 'SmsGatewayError',
      status: 401,
      code: 20003,
    });
    const sender = createSmsSender(
      { smsUrl: url, accountSid: SID, authToken: TOKEN, from: '+4930999', dataDir: '/nonexistent' },
      log,
    );
    const error = await sender.send({ to: 'nope', body: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsGatewayError);
    expect(error).toMatchObject({ status: 400, code: 21211 });
  });
});

describe('SMS outbox', () => {
  it('keeps messages in DATA_DIR/sms-outbox when no gateway is configured', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sms-outbox-'));
    try {
      const sender = createSmsSender(
        { smsUrl: undefined, accountSid: '', authToken: '', from: '', dataDir },
        log,
      );
      await sender.send({ to: '+491', body: 'one' });
      await sender.send({ to: '+492', body: 'two' });
      const kept = await readSmsOutbox(dataDir);
      expect(kept.map((m) => m.body).sort()).toEqual(['one', 'two']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
