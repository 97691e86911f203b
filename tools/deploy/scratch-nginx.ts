/**
 * Debian's nginx on the shipped tools/deploy/nginx.conf, as a plain process of the current user
 * with every file it writes in a scratch folder: for tests/server/nginx.test.ts and
 * `npm run bench:offline -- --proxy`. Only the lines the file's header names as a deployer's are
 * changed (ports, certificate), so both run what a deployer runs.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import os from 'node:os';
import path from 'node:path';

const SHIPPED = path.join(import.meta.dirname, 'nginx.conf');

export interface ScratchNginxOptions {
  /** The two portal processes' ports (the shipped upstream has two `server` lines; one may repeat). */
  upstreams: [number, number];
  /** Where plain HTTP listens (it only redirects to HTTPS). */
  httpPort: number;
  /** Where HTTPS with HTTP/2 listens. */
  httpsPort: number;
  nginxPath?: string;
}

export interface ScratchNginx {
  httpUrl: string;
  httpsUrl: string;
  /** The self-signed certificate (PEM) nginx presents, for clients to trust. */
  certificate: string;
  /** nginx's error log so far, for a failure's message. */
  errorLog(): string;
  stop(): Promise<void>;
}

/** The shipped file with the deployer's lines replaced; each must be there exactly once. */
function deployedConfig(options: ScratchNginxOptions, certFile: string, keyFile: string): string {
  let config = readFileSync(SHIPPED, 'utf8');
  const edits: [RegExp, string][] = [
    [/^(\s*server 127\.0\.0\.1:)3001;$/m, `$1${options.upstreams[0]};`],
    [/^(\s*server 127\.0\.0\.1:)3002;$/m, `$1${options.upstreams[1]};`],
    [/^(\s*listen )80;$/m, `$1127.0.0.1:${options.httpPort};`],
    [/^(\s*listen )443( ssl[^;]*;)$/m, `$1127.0.0.1:${options.httpsPort}$2`],
    [/^(\s*ssl_certificate ).*;$/m, `$1${certFile};`],
    [/^(\s*ssl_certificate_key ).*;$/m, `$1${keyFile};`],
  ];
  for (const [line, replacement] of edits) {
    const found = config.match(new RegExp(line.source, 'gm'))?.length ?? 0;
    if (found !== 1) throw new Error(`tools/deploy/nginx.conf: ${line} found ${found} times, not once`);
    config = config.replace(line, replacement);
  }
  return config;
}

/** A minimal main configuration around the shipped file: every path nginx writes is in `dir`. */
function mainConfig(dir: string, included: string): string {
  const temp = (name: string) => path.join(dir, name);
  return `pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events {}
http {
    access_log off;
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${included};
}
`;
}

/** A self-signed certificate for 127.0.0.1, valid for a day (Debian's openssl). */
function selfSignedCertificate(dir: string): { certFile: string; keyFile: string } {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}

/** One HTTPS GET, trusting `certificate`; answers the status. */
function statusOf(url: string, certificate: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { ca: certificate, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** Starts nginx in the foreground (one process, no master) and waits until it proxies `/api/health`. */
export async function startScratchNginx(options: ScratchNginxOptions): Promise<ScratchNginx> {
  const nginxPath = options.nginxPath ?? process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-nginx-'));
  const { certFile, keyFile } = selfSignedCertificate(dir);
  const included = path.join(dir, 'lift-portal.conf');
  writeFileSync(included, deployedConfig(options, certFile, keyFile));
  const main = path.join(dir, 'nginx.conf');
  writeFileSync(main, mainConfig(dir, included));
  const args = ['-p', dir, '-c', main, '-g', 'daemon off; master_process off;'];
  const check = spawnSync(nginxPath, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);

  let stderr = '';
  const nginx: ChildProcess = spawn(nginxPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  nginx.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  const errorLog = () => {
    try {
      return stderr + readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return stderr;
    }
  };
  const certificate = readFileSync(certFile, 'utf8');
  const httpsUrl = `https://127.0.0.1:${options.httpsPort}`;
  const stop = async () => {
    if (nginx.exitCode === null) nginx.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) {
      const log = errorLog();
      await stop();
      throw new Error(`nginx exited: ${log}`);
    }
    const status = await statusOf(`${httpsUrl}/api/health`, certificate).catch(() => 0);
    if (status === 200) break;
    if (Date.now() > until) {
      const log = errorLog();
      await stop();
      throw new Error(`nginx did not answer /api/health with 200 within 10 s (last: ${status}): ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { httpUrl: `http://127.0.0.1:${options.httpPort}`, httpsUrl, certificate, errorLog, stop };
}
