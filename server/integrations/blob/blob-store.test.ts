import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAzurite, type TestAzurite } from '../../../tests/server/helpers/azurite';
import { BLOB_CONTAINER, createAzureBlobStore } from './azure-blob-store';
import { type BlobStore, InvalidBlobKeyError, UNKNOWN_CONTENT_TYPE } from './blob-store';
import { createFileBlobStore } from './file-blob-store';

const newKey = (extension = 'png') => `avatars/${randomBytes(16).toString('hex')}.${extension}`;

const REFUSED_KEYS = [
  '',
  'avatars/',
  '/avatars/x.png',
  '../auth-secret',
  'avatars/../auth-secret',
  'avatars/..',
  'avatars/.x.png.type',
  'avatars/a/b.png',
  'avatars\\x.png',
  'avatars/x.png\0',
  'AVATARS/x.png',
  'pglite/PG_VERSION',
  'mail-outbox/x.json',
  `avatars/${'a'.repeat(300)}.png`,
];

/** What every backend promises (BlobStore's contract); `open` gives a store on an empty backend. */
function blobStoreContract(open: () => BlobStore | Promise<BlobStore>) {
  let store: BlobStore;
  beforeAll(async () => {
    store = await open();
  });

  it('answers what was put, with its content type', async () => {
    const key = newKey();
    await store.put(key, Buffer.from('first'), 'image/png');

    const blob = await store.get(key);

    expect(blob?.bytes.toString()).toBe('first');
    expect(blob?.contentType).toBe('image/png');
  });

  it('replaces bytes and content type on a second put', async () => {
    const key = newKey();
    await store.put(key, Buffer.from('old'), 'image/png');
    await store.put(key, Buffer.from('new content'), 'image/gif');

    const blob = await store.get(key);

    expect(blob?.bytes.toString()).toBe('new content');
    expect(blob?.contentType).toBe('image/gif');
  });

  it('keeps a few hundred KB of arbitrary bytes exactly', async () => {
    const key = newKey('bin');
    const bytes = randomBytes(300 * 1024);
    await store.put(key, bytes, 'application/octet-stream');

    const blob = await store.get(key);

    expect(blob?.bytes.length).toBe(bytes.length);
    expect(blob?.bytes.equals(bytes)).toBe(true);
  });

  it('forgets a deleted key, and deleting it again is no error', async () => {
    const key = newKey();
    const other = newKey();
    await store.put(key, Buffer.from('gone soon'), 'image/png');
    await store.put(other, Buffer.from('stays'), 'image/png');

    await store.delete(key);
    await store.delete(key);

    expect(await store.get(key)).toBeNull();
    expect((await store.get(other))?.bytes.toString()).toBe('stays');
  });

  it('answers null for a key never written, and deletes it without complaint', async () => {
    const key = newKey();

    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys that are not our own names', async () => {
    for (const key of REFUSED_KEYS) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toBeInstanceOf(
        InvalidBlobKeyError,
      );
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
  });
}

describe('filesystem blob store', () => {
  const tempDirs: string[] = [];
  const newRoot = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-blobs-'));
    tempDirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  describe('contract', () => blobStoreContract(() => createFileBlobStore(newRoot())));

  it('keeps `avatars/x` as DATA_DIR/avatars/x beside a dot file with its type, and no temp files', async () => {
    const root = newRoot();
    const store = createFileBlobStore(root);
    const key = newKey();

    await store.put(key, Buffer.from('png bytes'), 'image/png');

    const name = key.slice('avatars/'.length);
    expect(readdirSync(root)).toEqual(['avatars']);
    expect(readdirSync(path.join(root, 'avatars')).sort()).toEqual([`.${name}.type`, name]);
  });

  it('finds an avatar saved in DATA_DIR/avatars before the store existed', async () => {
    const root = newRoot();
    const name = `${randomBytes(16).toString('hex')}.gif`;
    mkdirSync(path.join(root, 'avatars'));
    writeFileSync(path.join(root, 'avatars', name), 'GIF89a');

    const blob = await createFileBlobStore(root).get(`avatars/${name}`);

    expect(blob?.bytes.toString()).toBe('GIF89a');
    expect(blob?.contentType).toBe(UNKNOWN_CONTENT_TYPE);
  });

  it('writes nothing anywhere for a refused key', async () => {
    const parent = newRoot();
    const root = path.join(parent, 'data');
    mkdirSync(root);
    const store = createFileBlobStore(root);

    for (const key of REFUSED_KEYS) await store.put(key, Buffer.from('x'), 'text/plain').catch(() => {});

    expect(readdirSync(parent)).toEqual(['data']);
    expect(readdirSync(root)).toEqual([]);
  });
});

describe('Azure blob store on Azurite', () => {
  let azurite: TestAzurite;
  beforeAll(async () => {
    azurite = await startAzurite();
  });
  afterAll(() => azurite?.close());

  const container = () =>
    BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(BLOB_CONTAINER);

  describe('contract', () => blobStoreContract(() => createAzureBlobStore(azurite.connectionString)));

  it('creates its container when missing and opens on an existing one', async () => {
    await container().deleteIfExists();

    await createAzureBlobStore(azurite.connectionString);
    const again = await createAzureBlobStore(azurite.connectionString);
    await again.put(newKey(), Buffer.from('x'), 'image/png');

    expect(await container().exists()).toBe(true);
  });

  it('keeps the content type as the blob’s HTTP header, under the key as the blob name', async () => {
    const store = await createAzureBlobStore(azurite.connectionString);
    const key = newKey('gif');

    await store.put(key, Buffer.from('GIF89a'), 'image/gif');

    const properties = await container().getBlobClient(key).getProperties();
    expect(properties.contentType).toBe('image/gif');
    expect(properties.contentLength).toBe(6);
  });
});
