import { randomBytes } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
/** Written bytes after which a stream's file is flushed to the disk on the side (writeStream). */
const EARLY_FLUSH_BYTES = 2 * 1024 * 1024;
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
    // Both at once: each is a trip to the thread pool, which a loaded machine makes slow.
    const [folderStat, record] = await Promise.all([
      statIfPresent(folder),
      readIfPresent(path.join(folder, CONTAINER_FILE)),
    ]);
    if (!folderStat?.isDirectory()) return null;
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
    type?: Promise<Buffer | null>,
  ): Promise<BlobInfo> => {
    const stored = (await (type ?? readIfPresent(typeFileOf(file))))?.toString('utf8').trim();
    return {
      container,
      name,
      contentType: stored || UNKNOWN_CONTENT_TYPE,
      contentLength: fileStat.size,
      etag: etagOf(fileStat),
      lastModified: fileStat.mtime,
    };
  };

  const createContainer: Storage['createContainer'] = async (name, options) => {
    const folder = folderOf(name);
    // Looked up first: an upload calls this each time, and the container is there as a rule
    // (one trip to the thread pool, where a failed mkdir and then the lookup took two).
    const present = await readContainer(name);
    if (present) return { container: present, created: false };
    try {
      await mkdir(folder).catch(async (error: NodeJS.ErrnoException) => {
        // The root only when it is missing: an upload calls this each time.
        if (error.code !== 'ENOENT') throw error;
        await mkdir(root, { recursive: true });
        await mkdir(folder);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const existing = await readContainer(name);
      if (existing) return { container: existing, created: false };
      throw error;
    }
    await writeAtomically(path.join(folder, CONTAINER_FILE), JSON.stringify({ public: options.public }));
    return { container: (await readContainer(name))!, created: true };
  };

  /**
   * The blob's bytes and its type, each in a temporary file written and synced at the same time;
   * then renamed into place, the type first, so new bytes never meet an old type for long (and a
   * type is a property, not the content). Nothing changes when writing fails.
   */
  const storeBlob = async (
    container: string,
    name: string,
    contentType: string,
    write: (handle: FileHandle) => Promise<void>,
    folderReady?: Promise<unknown>,
  ): Promise<BlobInfo> => {
    const file = fileOf(container, name);
    // A container still being looked up (or made): a temporary file that finds no folder waits for it once.
    const whenMissing = folderReady && (() => folderReady);
    try {
      const [typeTemp, bytesTemp] = await bothOrNeither(
        writeTemp(typeFileOf(file), (handle) => handle.writeFile(contentType), whenMissing),
        writeTemp(file, write, whenMissing),
      );
      try {
        // The container's record is in place before its first blob.
        await folderReady;
        await rename(typeTemp.path, typeFileOf(file));
        await rename(bytesTemp.path, file);
      } catch (error) {
        await Promise.all([unlink(typeTemp.path).catch(() => {}), unlink(bytesTemp.path).catch(() => {})]);
        throw error;
      }
      // The temporary file's stat is the blob's: a rename keeps the inode, size and mtime.
      const fileStat = bytesTemp.stat;
      return {
        container,
        name,
        contentType,
        contentLength: fileStat.size,
        etag: etagOf(fileStat),
        lastModified: fileStat.mtime,
      };
    } catch (error) {
      // No container folder: the temporary files could not be opened.
      if (isAbsent(error)) throw new ContainerNotFoundError(container);
      throw error;
    }
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

    createContainer,

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

    putBlob: (container, name, bytes, contentType) =>
      storeBlob(container, name, contentType, (handle) => handle.writeFile(bytes)),

    putBlobStream: (container, name, body, contentType) =>
      storeBlob(container, name, contentType, (handle) => writeStream(handle, body)),

    async uploadBlobStream(container, name, body, contentType, access) {
      // The container is looked up (or made) while the bytes are written already: it exists as a
      // rule, and its look-up before the first write held every upload up (docs/files.md#figures).
      const ensured = createContainer(container, access);
      ensured.catch(() => {}); // awaited below, or the write failed first
      const blob = await storeBlob(
        container,
        name,
        contentType,
        (handle) => writeStream(handle, body),
        ensured,
      );
      return { blob, container: (await ensured).container };
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
        const type = readIfPresent(typeFileOf(file));
        // Read beside the stat, not after it; settled here so a directory's failed read is no stray rejection.
        type.catch(() => {});
        const fileStat = await handle.stat();
        if (!fileStat.isFile()) {
          await handle.close();
          return null;
        }
        const info = await infoOf(container, name, file, fileStat, type);
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
  const temp = await writeTemp(file, (handle) => handle.writeFile(content));
  try {
    await rename(temp.path, file);
  } catch (error) {
    await unlink(temp.path).catch(() => {});
    throw error;
  }
}

/**
 * A new temporary dot file beside `file`, filled by `write` and synced (the one place the storage
 * writes files): its path and stat. Removed again when anything fails. Without a folder for it,
 * `whenMissing` (the folder being made) is waited for and the file opened again, once.
 */
async function writeTemp(
  file: string,
  write: (handle: FileHandle) => Promise<void>,
  whenMissing?: () => Promise<unknown>,
): Promise<{ path: string; stat: Stats }> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx').catch(async (error: unknown) => {
    if (!whenMissing || !isAbsent(error)) throw error;
    await whenMissing();
    return open(temp, 'wx');
  });
  try {
    await write(handle);
    await handle.sync();
    return { path: temp, stat: await handle.stat() };
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Both written, or neither: when one fails, the other (once done) is removed and the first
 * failure thrown.
 */
async function bothOrNeither<A extends { path: string }, B extends { path: string }>(
  first: Promise<A>,
  second: Promise<B>,
): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
  await Promise.all(
    [a, b].map((result) =>
      result.status === 'fulfilled' ? unlink(result.value.path).catch(() => {}) : null,
    ),
  );
  throw (a.status === 'rejected' ? a : (b as PromiseRejectedResult)).reason;
}

/**
 * `body` into `handle`, a megabyte per write (chunks from the network are 64 KB and less), while
 * the next megabyte comes in: one write at a time, the chunks as they came (a `for await` would
 * read them joined, a copy of every byte). Every 2 MB written, an fdatasync runs beside the
 * writes (one at a time), so the disk takes the bytes while more arrive and the caller's final
 * fsync has little left to wait for (docs/files.md#figures). Settles once every byte is written,
 * or with the first failure of the body, a write or a flush.
 */
export async function writeStream(handle: WritableFile, body: Readable): Promise<void> {
  let batch: Buffer[] = [];
  let batched = 0;
  let writing: Promise<void> = Promise.resolve();
  let unflushed = 0;
  let flushing: Promise<void> | null = null;
  // Linux reports a failed write-back to one sync call only: the final fsync would not see it.
  let flushFailure: unknown = null;
  const flushEarly = () => {
    if (flushing || unflushed < EARLY_FLUSH_BYTES) return;
    unflushed = 0;
    flushing = handle.datasync().then(
      () => {
        flushing = null;
      },
      (error: unknown) => {
        flushFailure ??= error;
        flushing = null;
      },
    );
  };
  const flush = () => {
    const buffers = batch;
    const size = batched;
    batch = [];
    batched = 0;
    // The previous write first: writes go on at the file's position, one after the other.
    writing = writing
      .then(() => writeAll(handle, buffers, size))
      .then(() => {
        if (flushFailure) throw flushFailure;
        unflushed += size;
        flushEarly();
      });
    // Seen by the next write or at the end; not an unhandled rejection meanwhile.
    writing.catch(() => {});
    return writing;
  };
  const sink = new Writable({
    // Little more waits here: the body's own stream holds a megabyte already.
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, done) {
      batch.push(chunk);
      batched += chunk.length;
      if (batched < WRITE_CHUNK_BYTES) return done();
      // Taken at once while the previous batch is still written; the one after waits for it.
      const previous = writing;
      flush();
      previous.then(() => done(), done);
    },
    final(done) {
      (batch.length > 0 ? flush() : writing).then(() => done(), done);
    },
  });
  try {
    await pipeline(body, sink);
  } finally {
    // Nothing may still write into (or flush) the file when the caller closes or removes it.
    await writing.catch(() => {});
    await flushing;
  }
  if (flushFailure) throw flushFailure;
}

/** What writeStream needs of an open file (a FileHandle). */
interface WritableFile {
  writev(buffers: Buffer[]): Promise<{ bytesWritten: number }>;
  datasync(): Promise<void>;
}

/** A short write (a full disk) is an error, not fewer bytes. */
async function writeAll(handle: WritableFile, buffers: Buffer[], size: number) {
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
