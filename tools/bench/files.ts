/**
 * File benchmark (run by hand: `npm run bench:files`). Starts the real server in a child process
 * (so the client here does not share its thread) on a scratch PGlite database and DATA_DIR (or
 * Azurite with `--azurite`), signs in as the demo admin
 * and moves 10 MB files through the portal: upload (`POST /api/azure/uploadBlobInContainer`,
 * multipart) and download (`GET /api/storage/<container>/<name>`), over real HTTP on loopback.
 * Beside it, a raw copy of the same bytes on the same disk: write (open, write, fsync, close, as
 * the storage writes its temporary file) and read back (one readFile). Prints MB/s of each and the
 * ratio portal/raw (goal: at least 50 %).
 *
 * Like with like: each round does the portal's and the raw side's steps one after the other
 * (alternating which goes first), so a machine whose load changes meanwhile slows both alike.
 * Before each read, the portal's blob and the raw file are dropped from the page cache
 * (`dd iflag=nocache`, posix_fadvise DONTNEED), so both reads come from the disk; with
 * `--azurite` only the raw file can be dropped (Azurite keeps its own), so both are warm then.
 * After each round both sides remove what they wrote (the portal's blob through its API).
 * The portal's side includes the HTTP request over loopback, sign-in checks, the multipart
 * parsing, type detection, the type's own file and the renames, and the client's reading; the
 * raw side the file system calls only (docs/files.md#figures).
 *
 *   tsx tools/bench/files.ts [--mb 10] [--rounds 16] [--warmup 12] [--port 3300] [--azurite] [--profile <dir>]
 *
 * `--port` is the server's (a free one when not given), so benches that share a machine keep apart.
 * `--profile` writes the server's CPU profile (node --cpu-prof) into `<dir>`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../../contract/constants';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startAzurite, type TestAzurite } from '../../tests/server/helpers/azurite';

const { values: args } = parseArgs({
  options: {
    mb: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '16' },
    warmup: { type: 'string', default: '12' },
    azurite: { type: 'boolean', default: false },
    port: { type: 'string', default: '0' },
    profile: { type: 'string' },
    /** Internal: the child process that runs the server in `dataDir`. */
    serve: { type: 'string' },
    connection: { type: 'string' },
  },
});
const SIZE = Number(args.mb) * 1024 * 1024;
const ROUNDS = Number(args.rounds);
const WARMUP = Number(args.warmup);
const MB = 1024 * 1024;

const rate = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Drops the file from the page cache, so the next read comes from the disk. */
function evict(file: string) {
  execFileSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
}

/**
 * Commits the file system's journal (an fsync of a folder does on ext4), so that a removal's
 * work, with the discard of its blocks on a disk mounted `discard`, is done before the next
 * timed step and not paid by whichever side syncs next.
 */
async function settle(folder: string) {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** This process's CPU time so far in ms. */
const ownCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Write with fsync and read back, as the file system storage does: the disk's own pace. */
async function rawCopy(file: string, bytes: Buffer) {
  const c0 = ownCpu();
  let t0 = performance.now();
  const handle = await open(file, 'wx');
  await handle.writeFile(bytes);
  await handle.sync();
  await handle.close();
  const write = rate(bytes.length, performance.now() - t0);
  const c1 = ownCpu();
  if (cold) evict(file);
  const c2 = ownCpu();
  t0 = performance.now();
  // Into the same buffer as the portal's download (readFile would make a new one each time).
  const reader = await open(file, 'r');
  const { bytesRead } = await reader.read(received, 0, received.length, 0);
  await reader.close();
  const read = rate(bytesRead, performance.now() - t0);
  const c3 = ownCpu();
  await rm(file);
  await settle(path.dirname(file));
  return { write, read, cpu: { write: c1 - c0, read: c3 - c2 } };
}

/**
 * A plain node:http request (no fetch, no FormData: the client should cost as little as it can):
 * the body sent in its parts as they are. For the uploads; downloads use fetchInto.
 */
function send(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: Buffer[] },
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const parts = options.body ?? [];
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    const headers = parts.length ? { ...options.headers, 'content-length': String(length) } : options.headers;
    const request = http.request(url, { method: options.method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    for (const part of parts) request.write(part);
    request.end();
  });
}

/** Room for the answer's head in front of the body. */
const HEAD_ROOM = 64 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * A GET over a plain socket whose answer the kernel copies straight into `into` (`onread`), as the
 * raw read's: no buffer per chunk, no copy out of an HTTP parser, whose cost on these two shared
 * cores would be charged to the portal (node:http's client took 14–19 ms of CPU per 10 MB, the
 * server 6–8 ms). Enough HTTP/1.1 for the portal's answer: a status line, headers with
 * `Content-Length`, the body; the connection is closed after it.
 */
function fetchInto(url: string, into: Buffer): Promise<{ status: number; body: Buffer }> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    let filled = 0;
    let bodyStart = -1;
    let status = 0;
    let length = 0;
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      onread: {
        // Each read lands after the previous one.
        buffer: () => into.subarray(filled),
        callback: (bytes: number) => {
          filled += bytes;
          if (bodyStart === -1) {
            const end = into.subarray(0, filled).indexOf(HEAD_END);
            if (end === -1) return true;
            const head = into.subarray(0, end).toString('latin1');
            status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
            const announced = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
            if (announced === undefined) {
              socket.destroy();
              reject(new Error(`download: ${status} without Content-Length`));
              return false;
            }
            length = Number(announced);
            bodyStart = end + HEAD_END.length;
            if (bodyStart + length > into.length) {
              socket.destroy();
              reject(new Error('download: larger than the buffer'));
              return false;
            }
          }
          if (filled >= bodyStart + length) {
            socket.destroy();
            resolve({ status, body: into.subarray(bodyStart, bodyStart + length) });
            return false;
          }
          return true;
        },
      },
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error('download: connection closed before the end')));
    socket.write(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`,
    );
  });
}

/** The child: the portal on loopback (`--port`, or a free port), which it prints; it runs until killed. */
async function serve(dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FILE_MAX_MB: String(Math.max(25, Number(args.mb) + 1)),
    WEB_DIR: path.join(dataDir, 'no-web'),
    ...(args.connection ? { AZURE_STORAGE_CONNECTION_STRING: args.connection } : {}),
  });
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: Number(args.port) });
  // The parent asks for the CPU time used so far (all threads, µs): the cost of its requests.
  process.on('message', () => process.send?.(process.cpuUsage()));
  // A clean exit, so `--cpu-prof` (BENCH_PROF) gets to write its profile.
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  console.info(`listening ${(app.server.address() as AddressInfo).port}`);
}

async function startServer(dataDir: string, connection: string | undefined) {
  const child = spawn(
    process.execPath,
    [
      ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : []),
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--serve',
      dataDir,
      '--mb',
      String(args.mb),
      '--port',
      String(args.port),
      ...(connection ? ['--connection', connection] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /listening (\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  /** The server's CPU time so far in ms (user and system, all its threads). */
  const cpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (usage: NodeJS.CpuUsage) => resolve((usage.user + usage.system) / 1000));
      child.send('cpu');
    });
  return { base: `http://127.0.0.1:${port}`, cpu, stop: () => child.kill('SIGTERM') };
}

/** Whether reads come from the disk: the portal's blobs are files here only without Azurite. */
const cold = !args.azurite;

/** Where downloads and raw reads land, reused round after round. */
let received = Buffer.alloc(0);

/** One upload and one download of `bytes` through the portal, in MB/s. */
async function portalCopy(
  { base, cpu }: { base: string; cpu: () => Promise<number> },
  authorization: string,
  bytes: Buffer,
  round: number,
  dataDir: string,
) {
  const boundary = `bench-${randomBytes(8).toString('hex')}`;
  const name = `file-${round}.pdf`;
  const form = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="containerName"\r\n\r\nbench\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  let s0 = await cpu();
  let c0 = ownCpu();
  let t0 = performance.now();
  const uploaded = await send(`${base}/api/azure/uploadBlobInContainer`, {
    method: 'POST',
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${uploaded.body}`);
  const { url } = JSON.parse(uploaded.body.toString()) as { url: string };
  const upload = rate(bytes.length, performance.now() - t0);
  const uploadCpu = { client: ownCpu() - c0, server: (await cpu()) - s0 };

  if (cold) evict(path.join(dataDir, 'storage', 'bench', name));
  s0 = await cpu();
  c0 = ownCpu();
  t0 = performance.now();
  const downloaded = await fetchInto(`${base}${url}`, received);
  const download = rate(downloaded.body.length, performance.now() - t0);
  const downloadCpu = { client: ownCpu() - c0, server: (await cpu()) - s0 };
  if (!downloaded.body.equals(bytes)) throw new Error('download: other bytes than uploaded');
  // Removed again, as the raw side removes its file: with blobs kept round after round, every
  // write on these machines, the raw one too, cost several times the CPU after a few hundred
  // megabytes (docs/files.md#figures).
  const removed = await send(`${base}/api/azure/deleteBlobInContainer`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: [Buffer.from(JSON.stringify({ containerName: 'bench', fileName: name }))],
  });
  if (removed.status !== 200) throw new Error(`delete: ${removed.status} ${removed.body}`);
  await settle(dataDir);
  return { upload, download, cpu: { upload: uploadCpu, download: downloadCpu } };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lift-bench-files-'));
  let azurite: TestAzurite | undefined;
  if (args.azurite) azurite = await startAzurite();
  const server = await startServer(dataDir, azurite?.connectionString);
  try {
    const base = server.base;
    const signIn = await fetch(`${base}/api/users/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORD }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const authorization = `Bearer ${token}`;

    // A PDF header, then random bytes: the type check sees a PDF, compression sees nothing to gain.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(SIZE - 9)]);
    received = Buffer.alloc(SIZE + HEAD_ROOM);
    const uploads: number[] = [];
    const downloads: number[] = [];
    const rawWrites: number[] = [];
    const rawReads: number[] = [];
    // CPU time per step in ms: what the machine's load cannot change much (the MB/s it can).
    const cpuOf = {
      rawWrite: [] as number[],
      rawRead: [] as number[],
      uploadServer: [] as number[],
      uploadClient: [] as number[],
      downloadServer: [] as number[],
      downloadClient: [] as number[],
    };
    const rawDir = path.join(dataDir, 'raw');
    await mkdir(rawDir);
    // Warm-up rounds first, not counted: a server that has run a while has its code compiled
    // (the first rounds' upload took about twice the CPU of the later ones, and uploads got
    // faster for about a dozen rounds).
    for (let round = -WARMUP; round < ROUNDS; round++) {
      const raw = () => rawCopy(path.join(rawDir, `raw-${round + WARMUP}.bin`), bytes);
      const rawFirst = round % 2 === 1 ? await raw() : undefined;
      const portal = await portalCopy(server, authorization, bytes, round + WARMUP, dataDir);
      const rawAfter = rawFirst ?? (await raw());
      if (round < 0) continue;
      uploads.push(portal.upload);
      downloads.push(portal.download);
      rawWrites.push(rawAfter.write);
      rawReads.push(rawAfter.read);
      cpuOf.rawWrite.push(rawAfter.cpu.write);
      cpuOf.rawRead.push(rawAfter.cpu.read);
      cpuOf.uploadServer.push(portal.cpu.upload.server);
      cpuOf.uploadClient.push(portal.cpu.upload.client);
      cpuOf.downloadServer.push(portal.cpu.download.server);
      cpuOf.downloadClient.push(portal.cpu.download.client);
    }
    const raw = { write: median(rawWrites), read: median(rawReads) };
    // Each round's own ratio, its median: steadier than the medians' ratio when the load changes.
    const roundRatio = (portal: number[], own: number[]) =>
      (median(portal.map((value, round) => value / (own[round] ?? Number.NaN))) * 100).toFixed(0);

    const upload = median(uploads);
    const download = median(downloads);
    const backend = azurite ? 'Azurite' : 'files in DATA_DIR';
    const load = os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
    console.info(
      `\n${args.mb} MB files, ${ROUNDS} rounds after ${WARMUP} to warm up, median, storage: ${backend}, load average ${load}`,
    );
    console.info(
      `upload through the portal:   ${upload.toFixed(1)} MB/s   raw write + fsync: ${raw.write.toFixed(1)} MB/s   ratio ${((upload / raw.write) * 100).toFixed(0)} % (per round ${roundRatio(uploads, rawWrites)} %)`,
    );
    console.info(
      `download through the portal: ${download.toFixed(1)} MB/s   raw read${cold ? ' (disk)' : ' (cache)'}:   ${raw.read.toFixed(1)} MB/s   ratio ${((download / raw.read) * 100).toFixed(0)} % (per round ${roundRatio(downloads, rawReads)} %)`,
    );
    const ms = (values: number[]) => `${median(values).toFixed(1)} ms`;
    console.info(
      `CPU per upload:   server ${ms(cpuOf.uploadServer)}, client ${ms(cpuOf.uploadClient)}; raw write ${ms(cpuOf.rawWrite)}`,
    );
    console.info(
      `CPU per download: server ${ms(cpuOf.downloadServer)}, client ${ms(cpuOf.downloadClient)}; raw read ${ms(cpuOf.rawRead)}`,
    );
  } finally {
    server.stop();
    await azurite?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (args.serve)
  serve(args.serve).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
