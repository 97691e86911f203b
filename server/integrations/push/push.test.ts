import type { LookupAddress } from 'node:dns';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender, type PushSender } from './push';
import { type AllowedHost, mayPushTo, parseAllowedHost, type Resolve } from './push-address';
import { startTestPushEndpoint, type TestPushEndpoint } from './test-push-endpoint';

let dataDir: string;
let internal: Server;
let internalPort: number;
let connections = 0;
let endpoint: TestPushEndpoint;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-push-'));
  // An internal service on loopback: a push must never reach it, not even its TCP port.
  internal = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalPort = (internal.address() as AddressInfo).port;
  endpoint = await startTestPushEndpoint({ hostname: 'localhost' });
});
afterEach(() => {
  connections = 0;
});
afterAll(async () => {
  await endpoint.close();
  await new Promise<void>((resolve) => internal.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

const hosts = (...entries: string[]): AllowedHost[] =>
  entries.map((entry) => parseAllowedHost(entry) ?? { hostname: 'unparsable' });

const sender = (allowHosts: AllowedHost[] = [], resolve?: Resolve): PushSender =>
  createPushSender({ dataDir, subject: 'mailto:ops@example.com', allowHosts, resolve });

/** A resolver answering from a table that a test may change between two calls, as DNS may. */
function fakeDns(table: Record<string, string>): Resolve {
  return async (hostname) => {
    const address = table[hostname];
    if (!address) throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 } satisfies LookupAddress];
  };
}

const target = (url: string) => ({ endpoint: url, keys: endpoint.subscription.keys });
const send = async (push: PushSender, url: string) =>
  (await push.send({ endpoint: url, ...target(url).keys }, JSON.stringify({ title: 'Alarm' }))).outcome;

describe('push sender: addresses it may reach (docs/alarms.md#push)', () => {
  it('refuses, when sending, a name that resolves to loopback, without connecting', async () => {
    expect(await send(sender(), `https://localhost:${internalPort}/push/1`)).toBe('refused');
    expect(connections).toBe(0);
  });

  it('checks the address it connects to, not only the name: a name that turned inward is refused', async () => {
    const dns = { 'push.example.test': '93.184.215.14' };
    const push = sender([], fakeDns(dns));
    const url = `https://push.example.test:${internalPort}/push/1`;
    expect(await push.mayPushTo(url)).toBe(true);
    dns['push.example.test'] = '127.0.0.1'; // after the subscription: DNS rebinding
    expect(await send(push, url)).toBe('refused');
    expect(connections).toBe(0);
  });

  it('reaches a loopback push service named in PUSH_ALLOW_HOSTS, and only on the named port', async () => {
    const url = endpoint.subscription.endpoint; // http://localhost:<port>/push/…
    const port = new URL(url).port;
    expect(await send(sender(hosts(`localhost:${port}`)), url)).toBe('sent');
    const received = await endpoint.next();
    expect(received.payload).toEqual({ title: 'Alarm' });
    expect(await send(sender(hosts('localhost')), url)).toBe('sent'); // a host without port: any
    await endpoint.next();
    expect(await send(sender(hosts(`localhost:${Number(port) + 1}`)), url)).toBe('refused');
    expect(await send(sender(), url)).toBe('refused');
    expect(endpoint.received).toHaveLength(2);
  });

  it('lets subscribe https names of public addresses only, and named hosts', async () => {
    const dns = fakeDns({
      'fcm.example.test': '142.250.185.74',
      'v6.example.test': '2a00:1450:4001:82a::200a',
      'inside.example.test': '10.1.2.3',
      'mapped.example.test': '::ffff:127.0.0.1',
      'cgnat.example.test': '100.64.0.1',
      'push.internal': '10.9.9.9',
    });
    const allowed = hosts('push.internal:8443', '[::1]');
    const may = (url: string) => mayPushTo(url, allowed, dns);
    expect(await may('https://fcm.example.test/send/abc')).toBe(true);
    expect(await may('https://v6.example.test/send/abc')).toBe(true);
    expect(await may('http://fcm.example.test/send/abc')).toBe(false);
    expect(await may('https://inside.example.test/send')).toBe(false);
    expect(await may('https://mapped.example.test/send')).toBe(false);
    expect(await may('https://cgnat.example.test/send')).toBe(false);
    expect(await may('https://unknown.example.test/send')).toBe(false);
    expect(await may('https://142.250.185.74/send')).toBe(false);
    expect(await may('https://user:secret@fcm.example.test/send')).toBe(false);
    expect(await may('https://push.internal:8443/send')).toBe(true);
    expect(await may('http://push.internal:8443/send')).toBe(true);
    expect(await may('https://push.internal/send')).toBe(false);
    expect(await may('http://[::1]:9000/send')).toBe(true);
    expect(await may('not a url')).toBe(false);
  });
});

describe('parseAllowedHost', () => {
  it('reads host and host:port, IPv6 in brackets, in the form URLs use', () => {
    expect(parseAllowedHost('LocalHost:8443')).toEqual({ hostname: 'localhost', port: 8443 });
    expect(parseAllowedHost('127.0.0.1')).toEqual({ hostname: '127.0.0.1', port: undefined });
    expect(parseAllowedHost('[::1]:80')).toEqual({ hostname: '[::1]', port: 80 });
    for (const bad of ['http://push', 'push/x', 'push:0', 'push:70000', '::1', 'a b', 'user@push', ''])
      expect(parseAllowedHost(bad), bad).toBeUndefined();
  });
});
