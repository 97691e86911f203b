import { randomBytes } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertBlobName,
  assertContainerName,
  type BlobInfo,
  type ContainerInfo,
  ContainerNotFoundError,
  isBlobName,
  isContainerName,
  type Storage,
  UNKNOWN_CONTENT_TYPE,
} from './storage';

const READ_CHUNK_BYTES = 1024 * 1024;
const WRITE_CHUNK_BYTES = 1024 * 1024;
/** The container's own record (its access), a dot file no blob name can take. */
const CONTAINER_FILE = '.container';

/**
 * The storage as plain files (docs/files.md#backends): container `c` is the folder `<root>/c`,
 * blob `x` the file `<root>/c/x`, its content type the dot file `<root>/c/.x.type`. Each file is
 * written to a temporary dot file and renamed, so readers see the old bytes or the new, never half
 * of them. The names are checked (storage.ts), so no path leaves its container.
 */
export function createFileStorage(root: string): Storage {
  const folderOf = (container: string) => {
    assertContainerName(container);
    return path.join(root, container);
  };
  const fileOf = (container: string, name: string) => {
    assertBlobName(name);
    return path.join(folderOf(container), name);
  };

  const readContainer = async (name: string): Promise<ContainerInfo | null> => {
    const folder = folderOf(name);
    const folderStat = await statIfPresent(folder);
    if (!folderStat?.isDirectory()) return null;
    const record = await readIfPresent(path.join(folder, CONTAINER_FILE));
    let isPublic = false;
    try {
      isPublic = record
        ? (JSON.parse(record.toString('utf8')) as { public?: unknown }).public === true
        : false;
    } catch {
      // A damaged record counts as private: the safe reading.
    }
    return { name, public: isPublic, lastModified: folderStat.mtime };
  };

  const infoOf = async (
    container: string,
    name: string,
    file: string,
    fileStat: Stats,
  ): Promise<BlobInfo> => {
    const type = (await readIfPresent(typeFileOf(file)))?.toString('utf8').trim();
    return {
      container,
      name,
      contentType: type || UNKNOWN_CONTENT_TYPE,
      contentLength: fileStat.size,
      etag: etagOf(fileStat),
      lastModified: fileStat.mtime,
    };
  };

  return {
    backend: 'files',

    async listContainers() {
      const entries = await readdir(root, { withFileTypes: true }).catch((error: unknown) => {
        if (isAbsent(error)) return [];
        throw error;
      });
      const names = entries.filter((entry) => entry.isDirectory() && isContainerName(entry.name));
      const containers = await Promise.all(names.map((entry) => readContainer(entry.name)));
      return containers
        .filter((c): c is ContainerInfo => c !== null)
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    getContainer: readContainer,

    async createContainer(name, options) {
      const folder = folderOf(name);
      await mkdir(root, { recursive: true });
      try {
        await mkdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const existing = await readContainer(name);
        if (existing) return { container: existing, created: false };
        throw error;
      }
      await writeAtomically(path.join(folder, CONTAINER_FILE), JSON.stringify({ public: options.public }));
      return { container: (await readContainer(name))!, created: true };
    },

    async setContainerPublic(name, isPublic) {
      const folder = folderOf(name);
      if (!(await statIfPresent(folder))?.isDirectory()) throw new ContainerNotFoundError(name);
      await writeAtomically(path.join(folder, CONTAINER_FILE), JSON.stringify({ public: isPublic }));
    },

    async deleteContainer(name) {
      const folder = folderOf(name);
      if (!(await statIfPresent(folder))?.isDirectory()) return false;
      // Renamed away first, so the name is free at once and nobody reads a half-deleted container.
      const doomed = path.join(root, `.deleting-${name}-${randomBytes(6).toString('hex')}`);
      try {
        await rename(folder, doomed);
      } catch (error) {
        if (isAbsent(error)) return false;
        throw error;
      }
      await rm(doomed, { recursive: true, force: true });
      return true;
    },

    async listBlobs(container) {
      const folder = folderOf(container);
      let entries: string[];
      try {
        entries = await readdir(folder);
      } catch (error) {
        if (isAbsent(error)) return null;
        throw error;
      }
      const blobs: BlobInfo[] = [];
      for (const name of entries.filter(isBlobName).sort()) {
        const file = path.join(folder, name);
        const fileStat = await statIfPresent(file);
        if (fileStat?.isFile()) blobs.push(await infoOf(container, name, file, fileStat));
      }
      return blobs;
    },

    async putBlob(container, name, bytes, contentType) {
      const file = fileOf(container, name);
      if (!(await statIfPresent(path.dirname(file)))?.isDirectory())
        throw new ContainerNotFoundError(container);
      try {
        // Each file is replaced atomically, the two not together: the type goes first, so new
        // bytes never meet an old type for long (and a type is a property, not the content).
        await writeAtomically(typeFileOf(file), contentType);
        await writeAtomically(file, bytes);
      } catch (error) {
        if (isAbsent(error)) throw new ContainerNotFoundError(container);
        throw error;
      }
      const fileStat = await stat(file);
      return {
        container,
        name,
        contentType,
        contentLength: fileStat.size,
        etag: etagOf(fileStat),
        lastModified: fileStat.mtime,
      };
    },

    async putBlobStream(container, name, body, contentType) {
      const file = fileOf(container, name);
      if (!(await statIfPresent(path.dirname(file)))?.isDirectory())
        throw new ContainerNotFoundError(container);
      try {
        // The bytes go to a temporary file first, so the type may go in before them (as putBlob).
        const temp = await writeStreamToTemp(file, body);
        try {
          await writeAtomically(typeFileOf(file), contentType);
          await rename(temp, file);
        } catch (error) {
          await unlink(temp).catch(() => {});
          throw error;
        }
      } catch (error) {
        if (isAbsent(error)) throw new ContainerNotFoundError(container);
        throw error;
      }
      const fileStat = await stat(file);
      return {
        container,
        name,
        contentType,
        contentLength: fileStat.size,
        etag: etagOf(fileStat),
        lastModified: fileStat.mtime,
      };
    },

    async statBlob(container, name) {
      const file = fileOf(container, name);
      const fileStat = await statIfPresent(file);
      return fileStat?.isFile() ? infoOf(container, name, file, fileStat) : null;
    },

    async readBlob(container, name, pick) {
      const file = fileOf(container, name);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isAbsent(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
      try {
        // Properties and bytes from one open file: a rename that replaces it meanwhile does not mix them.
        const fileStat = await handle.stat();
        if (!fileStat.isFile()) {
          await handle.close();
          return null;
        }
        const info = await infoOf(container, name, file, fileStat);
        const range = pick?.(info);
        const body = createReadStream('', {
          fd: handle,
          autoClose: true,
          // Large reads: a 10 MB file in ten chunks rather than 160.
          highWaterMark: READ_CHUNK_BYTES,
          ...(range ? { start: range.start, end: range.end } : {}),
        });
        return { info, range, body };
      } catch (error) {
        await handle.close().catch(() => {});
        throw error;
      }
    },

    async deleteBlob(container, name) {
      const file = fileOf(container, name);
      const removed = await removeIfPresent(file);
      await removeIfPresent(typeFileOf(file));
      return removed;
    },
  };
}

const typeFileOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.type`);

/** A new inode on every write (each write is a rename), so the tag changes with the bytes. */
const etagOf = (fileStat: Stats) =>
  `"${fileStat.ino.toString(36)}-${fileStat.size.toString(36)}-${Math.round(fileStat.mtimeMs).toString(36)}"`;

/** Readers see the old content or the new, never a half-written file, even after a crash. */
async function writeAtomically(file: string, content: Buffer | string) {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** `body` in a new temporary dot file beside `file`, synced; answers its path. Removed again on failure. */
async function writeStreamToTemp(file: string, body: Readable): Promise<string> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx');
  try {
    // Chunks from the network are small (64 KB and less): written a megabyte at a time.
    let batch: Buffer[] = [];
    let batched = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      batch.push(chunk);
      batched += chunk.length;
      if (batched >= WRITE_CHUNK_BYTES) {
        await writeAll(handle, batch, batched);
        batch = [];
        batched = 0;
      }
    }
    if (batch.length > 0) await writeAll(handle, batch, batched);
    await handle.sync();
    return temp;
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  } finally {
    await handle.close();
  }
}

/** A short write (a full disk) is an error, not fewer bytes. */
async function writeAll(handle: FileHandle, buffers: Buffer[], size: number) {
  const { bytesWritten } = await handle.writev(buffers);
  if (bytesWritten !== size) throw new Error(`wrote ${bytesWritten} of ${size} bytes`);
}

/** A missing file (or folder) means no blob. */
const isAbsent = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

async function statIfPresent(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch (error) {
    if (isAbsent(error)) return null;
    throw error;
  }
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if (isAbsent(error)) return null;
    throw error;
  }
}

async function removeIfPresent(file: string): Promise<boolean> {
  try {
    await unlink(file);
    return true;
  } catch (error) {
    if (isAbsent(error)) return false;
    throw error;
  }
}
