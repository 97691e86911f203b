import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../tests/server/helpers/app';
import { createTestDatabase, type TestDatabase } from '../tests/server/helpers/database';
import { buildApp } from './app';

describe('the server as it meets the network', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    // A one-second request timeout, so the slow sender below is cut off soon.
    app = await buildApp(testConfig({ REQUEST_TIMEOUT_SECONDS: '1' }), {
      database: database.handle,
      logger: { level: 'info', stream },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('logs request URLs without the tokens of reset and invitation links', async () => {
    await app.inject({ url: '/api/users/reset-token?token=SECRET-RESET-TOKEN' });
    await app.inject({ url: '/api/users/invitation?id=SECRET-ID&email=SECRET-EMAIL' });
    await app.inject({ url: '/reset-password/SECRET-PATH-TOKEN' });
    const log = logLines.join('');
    expect(log).toContain('/api/users/reset-token?token=[redacted]');
    expect(log).toContain('/reset-password/[redacted]');
    expect(log).not.toMatch(/SECRET-/);
  });

  it('cuts off a request whose body trickles in', async () => {
    const { port } = app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    const answer = await new Promise<string>((resolve, reject) => {
      let received = '';
      socket.on('data', (chunk) => {
        received += String(chunk);
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      socket.write(
        'POST /api/users/authenticate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
      );
      // One byte now and then, never the whole body: without a timeout this stays open for ever.
      const trickle = setInterval(() => {
        if (!socket.destroyed) socket.write(' ');
      }, 200);
      socket.on('close', () => clearInterval(trickle));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);
});
