import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** A push payload as the local endpoint received and decrypted it. */
export interface ReceivedPush {
  at: number;
  payload: unknown;
  /** The VAPID `Authorization` header (`vapid t=…, k=…`). */
  authorization: string | undefined;
  /** The `Topic` header (RFC 8030 §5.4): the durable outbox sends its row's id. */
  topic: string | undefined;
  /** The status this request was answered with. */
  status: number;
}

export interface TestPushEndpoint {
  /** What a browser's `PushSubscription.toJSON()` would give for this endpoint. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** `host:port` of the endpoint, as `PUSH_ALLOW_HOSTS` names it. */
  host: string;
  /**
   * The status it answers from now on: 201 (delivered), 404/410 as for a dropped subscription, or
   * 429 with `Retry-After`. Every request is recorded in `received`, whatever it is answered.
   */
  answerWith(status: number, headers?: Record<string, string>): void;
  received: ReceivedPush[];
  /** The next push not taken before, waiting for it if needed. */
  next(timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

interface TestPushEndpointOptions {
  /** The port to listen on (127.0.0.1); any free one by default. */
  port?: number;
  /** The host name the subscription's endpoint URL uses; `127.0.0.1` by default. */
  hostname?: string;
}

/**
 * A push service on loopback standing in for the browser's (which tests cannot reach): it holds
 * the subscription's keys, decrypts each message (RFC 8291, aes128gcm) with http_ece and answers
 * 201 as push services do. The portal reaches it only where `PUSH_ALLOW_HOSTS` names it
 * (docs/alarms.md#push). For server tests and tests/e2e/alarms.spec.ts.
 */
export async function startTestPushEndpoint(
  options: TestPushEndpointOptions = {},
): Promise<TestPushEndpoint> {
  const receiver = createECDH('prime256v1');
  receiver.generateKeys();
  const authSecret = randomBytes(16).toString('base64url');
  const received: ReceivedPush[] = [];
  let taken = 0;
  let status = 201;
  let headers: Record<string, string> = {};
  const waiters: (() => void)[] = [];

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: receiver,
          authSecret,
        });
        received.push({
          at: Date.now(),
          payload: JSON.parse(plain.toString('utf8')),
          authorization: request.headers.authorization,
          topic: request.headers.topic as string | undefined,
          status,
        });
        for (const wake of waiters.splice(0)) wake();
        response.writeHead(status, headers).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const hostname = options.hostname ?? '127.0.0.1';

  return {
    subscription: {
      endpoint: `http://${hostname}:${port}/push/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: receiver.getPublicKey('base64url'), auth: authSecret },
    },
    host: `${hostname}:${port}`,
    answerWith(next, nextHeaders = {}) {
      status = next;
      headers = nextHeaders;
    },
    received,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= received.length) {
        if (Date.now() > deadline) throw new Error('no push arrived');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      const push = received[taken];
      taken += 1;
      if (!push) throw new Error('no push');
      return push;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
