import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect as http2Connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../contract/constants';
import type { AuthResponse } from '../../contract/schemas/user';
import type { ServerToClientEvents } from '../../contract/socket';
import { type ScratchNginx, startScratchNginx } from '../../tools/deploy/scratch-nginx';
import { DEMO_EMAILS } from './helpers/app';
import { createPostgresDatabase, TEST_DB_KIND } from './helpers/database';
import { type ServerProcess, startServerProcess } from './helpers/server-process';

/**
 * Debian's nginx on the shipped tools/deploy/nginx.conf in front of two portal processes on one
 * PostgreSQL database (docs/scaling.md), with a self-signed certificate for its HTTPS. PGlite is
 * one process by nature: skipped there. nginx comes from tools/ensure-nginx.sh (tools/test-all.sh
 * runs it).
 */
const onPostgres = TEST_DB_KIND === 'postgres';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Ports of the helper "nginx" (3350-3359). */
const HTTP_PORT = 3350;
const PORT_A = 3351;
const PORT_B = 3352;
const HTTPS_PORT = 3353;
const LOGIN_RATE_LIMIT = 3;

const servers: ServerProcess[] = [];
const sockets: Socket[] = [];
let proxy: ScratchNginx | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const scratchDirs: string[] = [];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request over HTTP/1.1: to nginx's HTTPS (trusting its certificate) or straight to a process.
 * `from` is the loopback address to send from: ip_hash picks the process by it.
 */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  const tls = url.startsWith('https:');
  const request = tls ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        ...(tls ? { ca: proxy?.certificate } : {}),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });

const proxyUrl = () => proxy?.httpsUrl ?? '';

async function signIn(role: keyof typeof DEMO_EMAILS): Promise<AuthResponse> {
  const response = await post(`${proxyUrl()}/api/users/authenticate`, {
    email: DEMO_EMAILS[role],
    password: DEMO_PASSWORD,
  });
  if (response.status !== 200) throw new Error(`sign-in as ${role}: ${response.body}`);
  return JSON.parse(response.body) as AuthResponse;
}

/** The address a process logged for the request whose URL carries `probe` (pino's JSON lines). */
function loggedAddress(server: ServerProcess, probe: string): string | undefined {
  for (const line of server.output().stdout.split('\n')) {
    if (!line.includes(probe)) continue;
    const entry = JSON.parse(line) as { req?: { url?: string; remoteAddress?: string } };
    if (entry.req?.url?.includes(probe)) return entry.req.remoteAddress;
  }
  return undefined;
}

beforeAll(async () => {
  if (!onPostgres) return;
  if (!existsSync(NGINX)) {
    throw new Error(`nginx is not installed at ${NGINX}: run tools/ensure-nginx.sh (or set NGINX_PATH)`);
  }
  const database = await createPostgresDatabase();
  dropDatabase = database.drop;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-nginx-data-'));
  scratchDirs.push(dataDir);

  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    NODE_ENV: 'test',
    TRUST_PROXY: '1',
    LOGIN_RATE_LIMIT: String(LOGIN_RATE_LIMIT),
  };
  // One after the other: two first starts at once race on DATA_DIR's vapid-keys.json, the second
  // may read it empty before the first has written it (server/integrations/push/push.ts).
  servers.push(startServerProcess({ ...env, PORT: String(PORT_A) }));
  await servers[0]?.listening;
  servers.push(startServerProcess({ ...env, PORT: String(PORT_B) }));
  await Promise.all(servers.map((server) => server.listening));
  proxy = await startScratchNginx({
    upstreams: [PORT_A, PORT_B],
    httpPort: HTTP_PORT,
    httpsPort: HTTPS_PORT,
    nginxPath: NGINX,
  });
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await proxy?.stop();
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  await dropDatabase?.();
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)(
  'tools/deploy/nginx.conf in Debian’s nginx in front of two processes (PostgreSQL only: PGlite is one process)',
  () => {
    it('speaks HTTP/2 over TLS, and plain HTTP only sends to HTTPS', async () => {
      const session = http2Connect(proxyUrl(), { ca: proxy?.certificate });
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const stream = session.request({ ':path': '/api/health' });
          stream.on('response', (headers) => resolve(Number(headers[':status'])));
          stream.on('error', reject);
          stream.resume();
        });
        expect(status).toBe(200);
        expect(session.alpnProtocol).toBe('h2');
      } finally {
        session.close();
      }
      const plain = await send(`${proxy?.httpUrl}/apps/lift/lifts?page=2`);
      expect(plain.status).toBe(301);
      expect(plain.headers.location).toBe('https://127.0.0.1/apps/lift/lifts?page=2');
    });

    it('spreads clients over both processes by address, and each process logs the client’s address, not a forged one', async () => {
      // ip_hash hashes the first three bytes of an IPv4 address: 127.0.n.1 are clients nginx may
      // place apart. Each process logs every request with its URL, so a probe in the URL shows
      // which process answered and with which client address (TRUST_PROXY=1).
      const clientsOf = new Map<number, string[]>();
      for (let n = 1; n <= 16 && clientsOf.size < servers.length; n++) {
        const client = `127.0.${n}.1`;
        const answeredBy: number[] = [];
        for (let attempt = 0; attempt < 2; attempt++) {
          const probe = randomUUID();
          const answer = await send(`${proxyUrl()}/api/health?probe=${probe}`, {
            headers: { 'x-forwarded-for': '203.0.113.7' },
            from: client,
          });
          expect(answer.status).toBe(200);
          expect(JSON.parse(answer.body)).toEqual({ status: 'ok', database: 'postgres' });
          const index = await vi.waitFor(() => {
            const logged = servers.filter((one) => loggedAddress(one, probe) !== undefined);
            expect(logged).toHaveLength(1);
            return servers.indexOf(logged[0] as ServerProcess);
          });
          expect(loggedAddress(servers[index] as ServerProcess, probe)).toBe(client);
          answeredBy.push(index);
        }
        // One client, one process (socket.io's polling needs it).
        expect(answeredBy[1], `process that answered ${client} again`).toBe(answeredBy[0]);
        const index = answeredBy[0] as number;
        clientsOf.set(index, [...(clientsOf.get(index) ?? []), client]);
      }
      expect(clientsOf.size, 'processes that answered').toBe(servers.length);
    });

    it('carries a WebSocket (no polling) and its live events', async () => {
      const customer = await signIn('customer');
      const admin = await signIn('admin');
      const socket = io(proxyUrl(), {
        path: '/socket.io',
        ca: proxy?.certificate,
        auth: { token: customer.access_token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      const chat: string[] = [];
      socket.on('message', ((message) =>
        chat.push(message.messageText)) satisfies ServerToClientEvents['message']);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(socket.io.engine.transport.name).toBe('websocket');

      const text = `through nginx ${randomUUID()}`;
      const sent = await post(
        `${proxyUrl()}/api/chat/messages`,
        { contactId: customer.user.id, messageText: text },
        { authorization: `Bearer ${admin.access_token}`, 'idempotency-key': randomUUID() },
      );
      expect(sent.status).toBe(201);
      await vi.waitFor(() => expect(chat).toContain(text), { timeout: 10_000 });
    });

    it('replaces a client’s own X-Forwarded-For: forged addresses still run into the sign-in limit', async () => {
      const attempts = async (url: string, email: string) => {
        const statuses: number[] = [];
        for (let i = 1; i <= LOGIN_RATE_LIMIT + 2; i++) {
          const response = await post(
            `${url}/api/users/authenticate`,
            { email, password: 'not-the-password' },
            { 'x-forwarded-for': `198.51.100.${i}` },
          );
          statuses.push(response.status);
        }
        return statuses;
      };
      // Straight to a process, the forged header is believed (TRUST_PROXY=1 is on): no limit.
      const direct = await servers[0]?.listening;
      expect(await attempts(direct ?? '', DEMO_EMAILS.customer_admin)).toEqual([401, 401, 401, 401, 401]);
      // Through nginx each attempt counts for the address nginx saw.
      expect(await attempts(proxyUrl(), DEMO_EMAILS.service_man)).toEqual([401, 401, 401, 429, 429]);
    });
  },
);
