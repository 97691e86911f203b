/** Files the portal keeps beside its database: avatars now, lift files and note photos later. */
export interface BlobStore {
  /** Stores `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes and content type under `key`, or null when there is nothing. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Removes `key`; a key that holds nothing is no error. */
  delete(key: string): Promise<void>;
}

/**
 * The first segment of every key. The filesystem store maps `avatars/x` to `DATA_DIR/avatars/x`,
 * so this list is also what keeps a key away from the database, the auth secret and the outbox.
 */
const BLOB_PREFIXES = ['avatars'] as const;

/** Content type of a file found without a stored one (written before the store, or by hand). */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/**
 * `<prefix>/<name>`: one known prefix, one name of letters, digits, `_` and `-` with optional
 * `.extension`s. No `..`, no leading slash, no deeper folders, no leading dot (the filesystem
 * store keeps its own bookkeeping in dot files).
 */
const BLOB_KEY = new RegExp(`^(?:${BLOB_PREFIXES.join('|')})/[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*$`);
const MAX_KEY_LENGTH = 200;

/** A key the store refuses: a bug in the caller, never the client's input (validate that first). */
export class InvalidBlobKeyError extends Error {
  override name = 'InvalidBlobKeyError';

  constructor(key: string) {
    super(`invalid blob key ${JSON.stringify(key.slice(0, MAX_KEY_LENGTH))}`);
  }
}

function isBlobKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && BLOB_KEY.test(key);
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new InvalidBlobKeyError(key);
}
