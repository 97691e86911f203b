import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export interface TestAzurite {
  /** `AZURE_STORAGE_CONNECTION_STRING` for the app: Azurite's development account on its port. */
  connectionString: string;
  close(): Promise<void>;
}

/** Azurite's documented development account; the key is published, not a secret. */
const DEV_ACCOUNT = 'devstoreaccount1';
const DEV_ACCOUNT_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;

/** Azurite's blob service entry point: importing the `azurite` package itself needs VS Code's `vscode`. */
const azuriteBlobMain = () =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('azurite/package.json')),
    'dist/src/blob/main.js',
  );

/**
 * A real Azurite blob service as a child process on a free loopback port, its data in memory
 * only. `--skipApiVersionCheck` because the SDK may be newer than the Azurite release.
 */
export async function startAzurite(): Promise<TestAzurite> {
  // Azurite writes nothing with in-memory persistence; a folder of its own keeps it that way.
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-azurite-'));
  const child = spawn(
    process.execPath,
    [
      azuriteBlobMain(),
      ...['--blobHost', '127.0.0.1', '--blobPort', '0'],
      '--inMemoryPersistence',
      ...['--extentMemoryLimit', '256'],
      '--skipApiVersionCheck',
      '--disableTelemetry',
      '--silent',
    ],
    { cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_TIMEOUT_MS)),
      ]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(workDir, { recursive: true, force: true });
  };

  let output = '';
  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Azurite did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
        START_TIMEOUT_MS,
      );
      const collect = (chunk: Buffer) => {
        output += chunk;
        // Port 0 lets the system pick a free port; Azurite prints the one it got.
        const listening = /successfully listens on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (listening?.[1]) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`Azurite exited with ${child.exitCode ?? child.signalCode}:\n${output}`));
      });
    });
    return {
      connectionString: [
        'DefaultEndpointsProtocol=http',
        `AccountName=${DEV_ACCOUNT}`,
        `AccountKey=${DEV_ACCOUNT_KEY}`,
        `BlobEndpoint=http://127.0.0.1:${port}/${DEV_ACCOUNT}`,
      ].join(';'),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
