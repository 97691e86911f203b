import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openStorage } from '../../server/integrations/blob/blob-storage';
import type { Storage } from '../../server/integrations/blob/storage';
import { postgresClientFor } from './postgres-client';

/**
 * Backup and restore of a whole portal (docs/backup.md): its database (PGlite's data folder or a
 * PostgreSQL database), its files (through the storage, whichever backend: DATA_DIR or Azure Blob
 * Storage) and the rest of DATA_DIR (the generated secret and VAPID keys, the mail and SMS outboxes).
 *
 * A backup is a folder:
 *
 *   manifest.json                 written last: a folder without it is an unfinished backup
 *   database/pglite.tar.gz        PGlite's dumpDataDir, or
 *   database/postgres.dump        pg_dump's custom format
 *   data/…                        DATA_DIR without pglite/ and storage/
 *   blobs/<container>/<blob>      every blob, as stored; names, types, access and hashes in the manifest
 */

const execFileAsync = promisify(execFile);
const MANIFEST = 'manifest.json';
const FORMAT = 'lift-portal-backup';
const FORMAT_VERSION = 1;
const PGLITE_DUMP = 'database/pglite.tar.gz';
const POSTGRES_DUMP = 'database/postgres.dump';
/** DATA_DIR's entries that are not copied as files: the database and the file storage have their own parts. */
const DATA_DIR_OWN_PARTS = new Set(['pglite', 'storage']);
const JOURNAL = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../server/db/migrations/meta/_journal.json',
);

/** Where a portal keeps its data: the same three variables the portal reads (README.md#configuration). */
export interface PortalLocation {
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** DATABASE_URL; undefined means PGlite in `dataDir/pglite`. */
  databaseUrl: string | undefined;
  /** AZURE_STORAGE_CONNECTION_STRING; undefined means the files in `dataDir/storage`. */
  azureStorageConnectionString: string | undefined;
}

interface BlobEntry {
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  database: {
    kind: 'pglite' | 'postgres';
    file: string;
    /** `created_at` of the newest applied migration (its journal's `when`): a restore refuses a newer one than its code knows. */
    migratedTo: number;
    serverVersion?: string;
  };
  storage: {
    backend: 'files' | 'azure';
    containers: { name: string; public: boolean; blobs: BlobEntry[] }[];
  };
  /** DATA_DIR's files copied, relative to it. */
  dataFiles: string[];
}

export interface BackupSummary {
  manifest: BackupManifest;
  blobs: number;
  bytes: number;
}

/** Thrown for what the operator must fix (a running portal, a target not empty); the CLI prints only the message. */
export class BackupRefusal extends Error {
  override name = 'BackupRefusal';
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * One PGlite process per data folder (docs/architecture.md#database-and-migrations), and PGlite
 * does not lock it: its `postmaster.pid` is there while it runs and removed when it closes, so
 * its presence means a running portal (or one that was killed).
 */
function assertPgliteStopped(dataDir: string) {
  if (existsSync(path.join(pgliteDir(dataDir), 'postmaster.pid'))) {
    throw new BackupRefusal(
      `${pgliteDir(dataDir)} is in use: the portal runs on it, or was killed without closing it. ` +
        'Stop the portal (SIGTERM) and try again; if none runs, start and stop it once so that PGlite closes the folder cleanly.',
    );
  }
}

async function isEmptyDir(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

function storageOf(location: PortalLocation): Promise<Storage> {
  return openStorage({
    azureStorageConnectionString: location.azureStorageConnectionString,
    dataDir: location.dataDir,
  });
}

async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const MIGRATED_TO_SQL = 'select coalesce(max(created_at), 0)::text as at from drizzle.__drizzle_migrations';

async function newestKnownMigration(): Promise<number> {
  const journal = JSON.parse(await readFile(JOURNAL, 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** A stream step that hashes and counts what passes. */
function hashing() {
  const hash = createHash('sha256');
  let size = 0;
  const step = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { step, result: () => ({ sha256: hash.digest('hex'), size }) };
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Backup

/**
 * Backs the portal at `location` up into `toDir` (absent or empty). With PGlite the portal must be
 * stopped; with PostgreSQL the database part is one consistent snapshot even while it runs
 * (docs/backup.md#while-the-portal-runs).
 */
export async function backupPortal(location: PortalLocation, toDir: string): Promise<BackupSummary> {
  if (!(await isEmptyDir(toDir))) throw new BackupRefusal(`${toDir} is not empty: give a new folder.`);
  if (!location.databaseUrl) assertPgliteStopped(location.dataDir);
  await mkdir(path.join(toDir, 'database'), { recursive: true });

  // The database first: blobs copied after it are a superset of those its rows name.
  const database = location.databaseUrl
    ? await dumpPostgres(location.databaseUrl, toDir)
    : await dumpPglite(location.dataDir, toDir);

  const storage = await storageOf(location);
  const containers: BackupManifest['storage']['containers'] = [];
  let blobs = 0;
  let bytes = 0;
  for (const container of await storage.listContainers()) {
    const entries: BlobEntry[] = [];
    const folder = path.join(toDir, 'blobs', container.name);
    await mkdir(folder, { recursive: true });
    for (const blob of (await storage.listBlobs(container.name)) ?? []) {
      const read = await storage.readBlob(container.name, blob.name);
      if (!read) continue; // deleted meanwhile (a running portal)
      const { step, result } = hashing();
      await pipeline(read.body, step, createWriteStream(path.join(folder, blob.name)));
      const { sha256, size } = result();
      entries.push({ name: blob.name, contentType: read.info.contentType, size, sha256 });
      blobs += 1;
      bytes += size;
    }
    containers.push({ name: container.name, public: container.public, blobs: entries });
  }

  const dataFiles: string[] = [];
  if (existsSync(location.dataDir)) {
    for (const entry of await readdir(location.dataDir, { recursive: true, withFileTypes: true })) {
      const relative = path.relative(location.dataDir, path.join(entry.parentPath, entry.name));
      const top = relative.split(path.sep)[0] ?? '';
      if (entry.isFile() && !DATA_DIR_OWN_PARTS.has(top)) dataFiles.push(relative);
    }
    await cp(location.dataDir, path.join(toDir, 'data'), {
      recursive: true,
      preserveTimestamps: true,
      filter: (source) => {
        const relative = path.relative(location.dataDir, source);
        return !DATA_DIR_OWN_PARTS.has(relative.split(path.sep)[0] ?? '');
      },
    });
  }

  const manifest: BackupManifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    database,
    storage: { backend: storage.backend, containers },
    dataFiles: dataFiles.sort(),
  };
  await writeFile(path.join(toDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, blobs, bytes };
}

async function dumpPglite(dataDir: string, toDir: string): Promise<BackupManifest['database']> {
  if (!existsSync(pgliteDir(dataDir)))
    throw new BackupRefusal(`No PGlite database in ${pgliteDir(dataDir)}.`);
  const client = await PGlite.create(pgliteDir(dataDir));
  try {
    const { rows } = await client.query<{ at: string }>(MIGRATED_TO_SQL);
    const dump = await client.dumpDataDir('gzip');
    await writeFile(path.join(toDir, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
    return { kind: 'pglite', file: PGLITE_DUMP, migratedTo: Number(rows[0]?.at ?? 0) };
  } finally {
    await client.close();
  }
}

async function dumpPostgres(url: string, toDir: string): Promise<BackupManifest['database']> {
  const tools = await postgresClientFor(url);
  const migratedTo = await withPostgres(url, async (client) => {
    const { rows } = await client.query<{ at: string }>(MIGRATED_TO_SQL);
    return Number(rows[0]?.at ?? 0);
  });
  // Custom format: compressed, and pg_restore picks what to restore; one snapshot of the whole database.
  await execFileAsync(tools.pgDump, [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${path.join(toDir, POSTGRES_DUMP)}`,
    `--dbname=${url}`,
  ]);
  return { kind: 'postgres', file: POSTGRES_DUMP, migratedTo, serverVersion: tools.serverVersion };
}

// ---------------------------------------------------------------------------------------------
// Restore

async function readManifest(fromDir: string): Promise<BackupManifest> {
  const file = path.join(fromDir, MANIFEST);
  if (!existsSync(file)) {
    throw new BackupRefusal(`${fromDir} has no ${MANIFEST}: not a backup, or one that did not finish.`);
  }
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION) {
    throw new BackupRefusal(`${file} is not a backup of format ${FORMAT} ${FORMAT_VERSION}.`);
  }
  return manifest;
}

/**
 * Restores the backup in `fromDir` into the portal at `location`, which must be stopped and empty
 * (no DATA_DIR contents, an empty PostgreSQL database, no blobs); `force` empties it first. The
 * backup's database kind must be the target's; its file backend may differ (files into Azure and back).
 */
export async function restorePortal(
  location: PortalLocation,
  fromDir: string,
  options: { force?: boolean } = {},
): Promise<BackupSummary> {
  const manifest = await readManifest(fromDir);
  const targetKind = location.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== targetKind) {
    throw new BackupRefusal(
      `The backup holds a ${manifest.database.kind} database and the target is ${targetKind}: ` +
        (targetKind === 'postgres' ? 'unset DATABASE_URL to restore it.' : 'set DATABASE_URL to restore it.'),
    );
  }
  if (manifest.database.migratedTo > (await newestKnownMigration())) {
    throw new BackupRefusal(
      'The backup comes from a newer version of the portal: restore it with that version.',
    );
  }
  if (!location.databaseUrl) assertPgliteStopped(location.dataDir);

  // Everything is checked before anything is changed.
  const notEmpty: string[] = [];
  if (!(await isEmptyDir(location.dataDir))) notEmpty.push(`DATA_DIR ${location.dataDir}`);
  if (location.databaseUrl && (await postgresTableCount(location.databaseUrl)) > 0) {
    notEmpty.push('the PostgreSQL database');
  }
  if (location.azureStorageConnectionString && (await blobCount(location)) > 0) {
    notEmpty.push('the Azure Blob Storage account');
  }
  if (notEmpty.length > 0 && !options.force) {
    throw new BackupRefusal(
      `Not empty: ${notEmpty.join(', ')}. Restore into an empty portal, or pass --force to replace what is there.`,
    );
  }
  if (options.force) {
    await rm(location.dataDir, { recursive: true, force: true });
    if (location.databaseUrl) await emptyPostgres(location.databaseUrl);
  }

  await mkdir(location.dataDir, { recursive: true });
  if (existsSync(path.join(fromDir, 'data'))) {
    await cp(path.join(fromDir, 'data'), location.dataDir, { recursive: true, preserveTimestamps: true });
  }

  const dump = path.join(fromDir, manifest.database.file);
  if (location.databaseUrl) await restorePostgres(location.databaseUrl, dump);
  else await restorePglite(location.dataDir, dump);

  const storage = await storageOf(location);
  if (options.force && location.azureStorageConnectionString) await emptyStorage(storage, manifest);
  let blobs = 0;
  let bytes = 0;
  for (const container of manifest.storage.containers) {
    const { created } = await storage.createContainer(container.name, { public: container.public });
    if (!created) await storage.setContainerPublic(container.name, container.public);
    for (const blob of container.blobs) {
      const file = path.join(fromDir, 'blobs', container.name, blob.name);
      if ((await sha256OfFile(file)) !== blob.sha256)
        throw new Error(`${file} does not match its hash in the manifest: damaged backup.`);
      await storage.putBlobStream(container.name, blob.name, createReadStream(file), blob.contentType);
      blobs += 1;
      bytes += blob.size;
    }
  }
  return { manifest, blobs, bytes };
}

async function restorePglite(dataDir: string, dump: string) {
  const bytes = await readFile(dump);
  const client = await PGlite.create(pgliteDir(dataDir), { loadDataDir: new Blob([bytes]) });
  // A first query proves the folder opens; closing writes it out and removes postmaster.pid.
  await client.query('select 1');
  await client.close();
}

async function restorePostgres(url: string, dump: string) {
  const tools = await postgresClientFor(url);
  // One transaction: a failed restore leaves the database as empty as it was.
  await execFileAsync(tools.pgRestore, [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    dump,
  ]);
}

/** Tables of the database outside PostgreSQL's own schemas (the portal's and drizzle's). */
function postgresTableCount(url: string): Promise<number> {
  return withPostgres(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]?.n ?? 0;
  });
}

/** `--force` on PostgreSQL: the portal's schemas dropped, an empty `public` in their place. */
function emptyPostgres(url: string): Promise<void> {
  return withPostgres(url, async (client) => {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  });
}

async function blobCount(location: PortalLocation): Promise<number> {
  const storage = await storageOf(location);
  let count = 0;
  for (const container of await storage.listContainers()) {
    count += (await storage.listBlobs(container.name))?.length ?? 0;
  }
  return count;
}

/**
 * `--force` on Azure: every blob deleted, and the containers the backup does not have. Containers
 * it has stay (Azure keeps a deleted container's name blocked for a while).
 */
async function emptyStorage(storage: Storage, manifest: BackupManifest) {
  const keep = new Set(manifest.storage.containers.map((container) => container.name));
  for (const container of await storage.listContainers()) {
    if (!keep.has(container.name)) {
      await storage.deleteContainer(container.name);
      continue;
    }
    for (const blob of (await storage.listBlobs(container.name)) ?? []) {
      await storage.deleteBlob(container.name, blob.name);
    }
  }
}
