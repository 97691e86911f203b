import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, type BlobStore, UNKNOWN_CONTENT_TYPE } from './blob-store';

/**
 * Blobs as plain files under `root` (DATA_DIR): key `avatars/x.png` is the file
 * `<root>/avatars/x.png`, and its content type the text of the dot file `<root>/avatars/.x.png.type`.
 * The root is DATA_DIR itself rather than a folder of its own, so that avatars saved as
 * `DATA_DIR/avatars/<name>` before this store existed are found under the same keys; the key
 * pattern (known prefixes only, no dot files) keeps keys away from everything else there.
 */
export function createFileBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Each file is replaced atomically, the two not together: the type goes first, so new
      // bytes never meet an old type. Our keys are written once, so the pair never disagrees.
      await writeAtomically(typeFileOf(file), contentType);
      await writeAtomically(file, bytes);
    },

    async get(key) {
      const file = fileOf(key);
      const bytes = await readIfPresent(file);
      if (!bytes) return null;
      const contentType = (await readIfPresent(typeFileOf(file)))?.toString('utf8').trim();
      return { bytes, contentType: contentType || UNKNOWN_CONTENT_TYPE };
    },

    async delete(key) {
      const file = fileOf(key);
      await removeIfPresent(file);
      await removeIfPresent(typeFileOf(file));
    },
  };
}

const typeFileOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.type`);

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

/** A missing file (or folder) means no blob. */
const isAbsent = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if (isAbsent(error)) return null;
    throw error;
  }
}

async function removeIfPresent(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (!isAbsent(error)) throw error;
  }
}
