import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The broker binary; tests that need it skip, saying so, when it is not installed. */
export const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? 'mosquitto';
export const mosquittoMissing = spawnSync(MOSQUITTO_BIN, ['-h']).error !== undefined;

const DYNSEC_PLUGINS = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
];

/** Ports of this repository's test brokers (the default listener 1883 is left alone). */
const PORT_FIRST = Number(process.env.MOSQUITTO_TEST_PORT ?? 18830);
const PORT_COUNT = 10;

export interface TestBroker {
  port: number;
  /** `mqtt://127.0.0.1:<port>`, with the admin account when started with `dynsec`. */
  url: string;
  /** Plain URL without credentials (controllers put their own in). */
  plainUrl: string;
  close(): Promise<void>;
}

export interface BrokerOptions {
  /** Mosquitto's dynamic-security plugin with one admin account; no anonymous access. */
  dynsec?: boolean;
}

/** The PBKDF2-SHA512 password entry of Mosquitto's dynamic-security file. */
function dynsecPassword(password: string) {
  const salt = randomBytes(12);
  return {
    salt: salt.toString('base64'),
    password: pbkdf2Sync(password, salt, 101, 64, 'sha512').toString('base64'),
    iterations: 101,
  };
}

export function dynsecPlugin(): string | undefined {
  return DYNSEC_PLUGINS.find((file) => existsSync(file));
}

/** A Mosquitto process of its own on a free port of the test range; stopped by `close`. */
export async function startBroker(options: BrokerOptions = {}): Promise<TestBroker> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lift-mosquitto-'));
  // Started as root, mosquitto runs as its own user: it must read the folder and write its plugin's file.
  chmodSync(dir, 0o777);
  const adminPassword = randomBytes(12).toString('hex');
  // set_tcp_nodelay as tools/deploy/mosquitto/mosquitto.conf.
  const lines = [
    'set_tcp_nodelay true',
    'persistence false',
    'max_queued_messages 0',
    'log_type error',
    'log_type warning',
  ];
  if (options.dynsec) {
    const plugin = dynsecPlugin();
    if (!plugin) throw new Error('mosquitto_dynamic_security.so not found');
    const file = path.join(dir, 'dynamic-security.json');
    writeFileSync(
      file,
      JSON.stringify({
        // The portal's account as docs/device-protocol.md#mqtt sets it up: dynamic-security admin and bridge.
        clients: [
          {
            username: 'admin',
            roles: [{ rolename: 'admin' }, { rolename: 'lift-portal-bridge' }],
            ...dynsecPassword(adminPassword),
          },
        ],
        roles: [
          {
            rolename: 'admin',
            acls: [
              { acltype: 'publishClientSend', topic: '$CONTROL/dynamic-security/#', allow: true },
              { acltype: 'publishClientReceive', topic: '$CONTROL/dynamic-security/#', allow: true },
              { acltype: 'subscribePattern', topic: '$CONTROL/dynamic-security/#', allow: true },
            ],
          },
          {
            rolename: 'lift-portal-bridge',
            acls: [
              { acltype: 'subscribePattern', topic: '$share/lift-portal/lifts/+/+', allow: true },
              { acltype: 'subscribePattern', topic: 'lifts/+/status', allow: true },
              { acltype: 'subscribePattern', topic: 'lifts/+/reply', allow: true },
              { acltype: 'publishClientSend', topic: 'lifts/+/ack', allow: true },
              { acltype: 'publishClientSend', topic: 'lifts/+/params/set', allow: true },
              { acltype: 'publishClientSend', topic: 'lifts/+/command', allow: true },
            ],
          },
        ],
        defaultACLAccess: {
          publishClientSend: false,
          publishClientReceive: true,
          subscribe: false,
          unsubscribe: true,
        },
      }),
    );
    chmodSync(file, 0o666);
    lines.push('allow_anonymous false', `plugin ${plugin}`, `plugin_opt_config_file ${file}`);
  } else {
    lines.push('allow_anonymous true');
  }

  for (let attempt = 0; attempt < PORT_COUNT * 2; attempt++) {
    const port = PORT_FIRST + ((process.pid + attempt) % PORT_COUNT);
    if (!(await portFree(port))) continue;
    const config = path.join(dir, 'mosquitto.conf');
    writeFileSync(config, [`listener ${port} 127.0.0.1`, ...lines, ''].join('\n'));
    const child = spawn(MOSQUITTO_BIN, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    if (await listening(child, port)) {
      const plainUrl = `mqtt://127.0.0.1:${port}`;
      return {
        port,
        plainUrl,
        url: options.dynsec ? `mqtt://admin:${adminPassword}@127.0.0.1:${port}` : plainUrl,
        close: async () => {
          await stop(child);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    await stop(child);
    if (!/address already in use|Error: .*port/i.test(stderr) && attempt > 2) {
      throw new Error(`mosquitto did not start: ${stderr}`);
    }
  }
  throw new Error('no free port for mosquitto in the test range');
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Waits until the broker takes connections, or the process ended (port taken). */
async function listening(child: ChildProcess, port: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) return false;
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open && child.exitCode === null) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
