import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BlobServiceClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAzurite, type TestAzurite } from '../../../tests/server/helpers/azurite';
import { createAzureStorage } from './azure-storage';
import { openStorage } from './blob-storage';
import { createFileStorage, writeStream } from './file-storage';
import {
  ContainerNotFoundError,
  cleanFileName,
  InvalidStorageNameError,
  type Storage,
  SYSTEM_CONTAINERS,
} from './storage';

const newContainer = () => `c-${randomBytes(6).toString('hex')}`;

/** Names no backend may take: traversal, separators, control and format characters, dot files. */
const REFUSED_BLOB_NAMES = [
  '',
  '.',
  '..',
  '../auth-secret',
  '..%2Fauth-secret/x',
  'a/b.pdf',
  'a\\b.pdf',
  '/etc/passwd',
  '.x.pdf.type',
  '.container',
  'bell\u0007.pdf',
  'nul\u0000.pdf',
  'line\nbreak.pdf',
  'evil\u202Efdp.exe',
  'trailing.',
  ' leading.pdf',
  'star*.pdf',
  'x'.repeat(201),
  'e\u0301.pdf', // not NFC
];
const REFUSED_CONTAINER_NAMES = [
  '',
  'ab',
  'Upper',
  'a--b',
  '-ab',
  'ab-',
  '../x',
  'a.b',
  'a_b',
  'x'.repeat(64),
];

async function text(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** What every backend promises (storage.ts); `open` gives a storage on an empty backend. */
function storageContract(open: () => Storage | Promise<Storage>) {
  let storage: Storage;
  beforeAll(async () => {
    storage = await open();
  });

  describe('containers', () => {
    it('creates a container once, keeps its access, lists it and tells it exists', async () => {
      const name = newContainer();
      expect(await storage.getContainer(name)).toBeNull();

      const first = await storage.createContainer(name, { public: true });
      const again = await storage.createContainer(name, { public: false });

      expect(first.created).toBe(true);
      expect(first.container).toMatchObject({ name, public: true });
      expect(again.created).toBe(false);
      expect(again.container.public).toBe(true);
      expect((await storage.listContainers()).map((c) => c.name)).toContain(name);
      expect(await storage.getContainer(name)).toMatchObject({ name, public: true });
    });

    it('changes a container’s access', async () => {
      const name = newContainer();
      await storage.createContainer(name, { public: false });

      await storage.setContainerPublic(name, true);
      expect((await storage.getContainer(name))?.public).toBe(true);
      await storage.setContainerPublic(name, false);
      expect((await storage.getContainer(name))?.public).toBe(false);
      await expect(storage.setContainerPublic(newContainer(), true)).rejects.toBeInstanceOf(
        ContainerNotFoundError,
      );
    });

    it('deletes a container with its blobs; deleting a missing one answers false', async () => {
      const name = newContainer();
      await storage.createContainer(name, { public: false });
      await storage.putBlob(name, 'a.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');

      expect(await storage.deleteContainer(name)).toBe(true);
      expect(await storage.deleteContainer(name)).toBe(false);
      expect(await storage.getContainer(name)).toBeNull();
      expect(await storage.listBlobs(name)).toBeNull();
      expect(await storage.statBlob(name, 'a.pdf')).toBeNull();
      // The name is free again, empty.
      await storage.createContainer(name, { public: false });
      expect(await storage.listBlobs(name)).toEqual([]);
    });

    it('refuses container names outside Azure’s rule', async () => {
      for (const name of REFUSED_CONTAINER_NAMES) {
        await expect(storage.getContainer(name), name).rejects.toBeInstanceOf(InvalidStorageNameError);
        await expect(storage.createContainer(name, { public: true }), name).rejects.toBeInstanceOf(
          InvalidStorageNameError,
        );
      }
    });
  });

  describe('blobs', () => {
    let container: string;
    beforeAll(async () => {
      container = newContainer();
      await storage.createContainer(container, { public: false });
    });

    it('answers what was put, with its properties, in a listing by name too', async () => {
      const bytes = randomBytes(300 * 1024);
      const stored = await storage.putBlob(container, 'Prüfbericht 2024 (1).pdf', bytes, 'application/pdf');

      const info = await storage.statBlob(container, 'Prüfbericht 2024 (1).pdf');
      const read = await storage.readBlob(container, 'Prüfbericht 2024 (1).pdf');

      expect(stored).toMatchObject({ contentType: 'application/pdf', contentLength: bytes.length });
      expect(info).toMatchObject({
        container,
        name: 'Prüfbericht 2024 (1).pdf',
        contentType: 'application/pdf',
        contentLength: bytes.length,
        etag: stored.etag,
      });
      expect(info?.etag).toMatch(/^".+"$/);
      expect(info?.lastModified).toBeInstanceOf(Date);
      expect(read?.range).toBeUndefined();
      expect((await text(read!.body)).equals(bytes)).toBe(true);
      const listed = await storage.listBlobs(container);
      expect(listed?.find((blob) => blob.name === 'Prüfbericht 2024 (1).pdf')?.contentLength).toBe(
        bytes.length,
      );
    });

    it('replaces bytes and type on a second put, with a new ETag', async () => {
      const first = await storage.putBlob(container, 'photo.png', Buffer.from('old'), 'image/png');
      const second = await storage.putBlob(container, 'photo.png', Buffer.from('new content'), 'image/gif');

      const read = await storage.readBlob(container, 'photo.png');

      expect(second.etag).not.toBe(first.etag);
      expect(read?.info).toMatchObject({ contentType: 'image/gif', contentLength: 11, etag: second.etag });
      expect((await text(read!.body)).toString()).toBe('new content');
    });

    it('reads the range the caller picks from the properties', async () => {
      await storage.putBlob(container, 'digits.pdf', Buffer.from('0123456789'), 'application/pdf');

      const read = await storage.readBlob(container, 'digits.pdf', (info) => ({
        start: 2,
        end: info.contentLength - 3,
      }));

      expect(read?.range).toEqual({ start: 2, end: 7 });
      expect((await text(read!.body)).toString()).toBe('234567');
    });

    it('forgets a deleted blob; deleting it again answers false', async () => {
      await storage.putBlob(container, 'gone.pdf', Buffer.from('x'), 'application/pdf');
      await storage.putBlob(container, 'stays.pdf', Buffer.from('y'), 'application/pdf');

      expect(await storage.deleteBlob(container, 'gone.pdf')).toBe(true);
      expect(await storage.deleteBlob(container, 'gone.pdf')).toBe(false);

      expect(await storage.statBlob(container, 'gone.pdf')).toBeNull();
      expect(await storage.readBlob(container, 'gone.pdf')).toBeNull();
      expect(await storage.statBlob(container, 'stays.pdf')).not.toBeNull();
      expect((await storage.listBlobs(container))?.map((blob) => blob.name)).not.toContain('gone.pdf');
    });

    it('answers null for blobs never written and containers that do not exist', async () => {
      const missing = newContainer();
      expect(await storage.statBlob(container, 'never.pdf')).toBeNull();
      expect(await storage.readBlob(container, 'never.pdf')).toBeNull();
      expect(await storage.deleteBlob(container, 'never.pdf')).toBe(false);
      expect(await storage.listBlobs(missing)).toBeNull();
      expect(await storage.statBlob(missing, 'x.pdf')).toBeNull();
      expect(await storage.deleteBlob(missing, 'x.pdf')).toBe(false);
      await expect(
        storage.putBlob(missing, 'x.pdf', Buffer.from('x'), 'application/pdf'),
      ).rejects.toBeInstanceOf(ContainerNotFoundError);
      expect(await storage.getContainer(missing)).toBeNull();
    });

    it('refuses names that are not one flat, clean name', async () => {
      for (const name of REFUSED_BLOB_NAMES) {
        await expect(
          storage.putBlob(container, name, Buffer.from('x'), 'text/plain'),
          name,
        ).rejects.toBeInstanceOf(InvalidStorageNameError);
        await expect(storage.readBlob(container, name), name).rejects.toBeInstanceOf(InvalidStorageNameError);
        await expect(storage.deleteBlob(container, name), name).rejects.toBeInstanceOf(
          InvalidStorageNameError,
        );
      }
    });

    it('stores a stream as it arrives, replacing the blob at the end; a broken stream leaves the old one', async () => {
      const container = newContainer();
      await storage.createContainer(container, { public: false });
      const bytes = randomBytes(9 * 1024 * 1024 + 17);
      const chunks = function* () {
        for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
      };
      const stored = await storage.putBlobStream(
        container,
        'big.pdf',
        Readable.from(chunks()),
        'application/pdf',
      );
      expect(stored).toMatchObject({ contentLength: bytes.length, contentType: 'application/pdf' });
      const read = await storage.readBlob(container, 'big.pdf');
      expect((await text(read!.body)).equals(bytes)).toBe(true);

      const broken = async function* () {
        yield Buffer.from('%PDF-new, cut off');
        throw new Error('the client went away');
      };
      await expect(
        storage.putBlobStream(container, 'big.pdf', Readable.from(broken()), 'application/pdf'),
      ).rejects.toThrow('the client went away');
      const after = await storage.statBlob(container, 'big.pdf');
      expect(after).toMatchObject({ contentLength: bytes.length, etag: stored.etag });
      expect((await storage.listBlobs(container))?.map((blob) => blob.name)).toEqual(['big.pdf']);
      await expect(
        storage.putBlobStream(
          newContainer(),
          'x.pdf',
          Readable.from([Buffer.from('%PDF')]),
          'application/pdf',
        ),
      ).rejects.toBeInstanceOf(ContainerNotFoundError);
    });

    it('uploads into a container it makes when missing, and leaves an existing one its access', async () => {
      const bytes = randomBytes(3 * 1024 * 1024 + 5);
      const chunks = function* () {
        for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
      };
      const fresh = newContainer();
      const made = await storage.uploadBlobStream(
        fresh,
        'plan.pdf',
        Readable.from(chunks()),
        'application/pdf',
        {
          public: true,
        },
      );
      expect(made.container).toMatchObject({ name: fresh, public: true });
      expect(made.blob).toMatchObject({ container: fresh, name: 'plan.pdf', contentLength: bytes.length });
      expect((await text((await storage.readBlob(fresh, 'plan.pdf'))!.body)).equals(bytes)).toBe(true);
      expect(await storage.getContainer(fresh)).toMatchObject({ public: true });

      const kept = newContainer();
      await storage.createContainer(kept, { public: false });
      const into = await storage.uploadBlobStream(kept, 'photo.png', Readable.from(chunks()), 'image/png', {
        public: true,
      });
      expect(into.container).toMatchObject({ name: kept, public: false });
      expect(await storage.statBlob(kept, 'photo.png')).toMatchObject({
        contentType: 'image/png',
        contentLength: bytes.length,
        etag: into.blob.etag,
      });

      const broken = async function* () {
        yield Buffer.from('%PDF-cut off');
        throw new Error('the client went away');
      };
      const other = newContainer();
      await expect(
        storage.uploadBlobStream(other, 'cut.pdf', Readable.from(broken()), 'application/pdf', {
          public: true,
        }),
      ).rejects.toThrow('the client went away');
      expect(await storage.statBlob(other, 'cut.pdf')).toBeNull();
    });
  });
}

describe('cleanFileName', () => {
  it('keeps the last segment of a browser’s file name and drops what a blob name may not hold', () => {
    expect(cleanFileName('C:\\fakepath\\Schaltplan.pdf')).toBe('Schaltplan.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('..')).toBeNull();
    expect(cleanFileName('.hidden.pdf')).toBe('hidden.pdf');
    expect(cleanFileName('a\u0000b\u202E.pdf ')).toBe('ab.pdf');
    expect(cleanFileName('what?.pdf')).toBe('what_.pdf');
    const long = cleanFileName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long?.endsWith('.pdf')).toBe(true);
  });
});

describe('file system storage', () => {
  const tempDirs: string[] = [];
  const newRoot = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-storage-'));
    tempDirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  describe('contract', () => storageContract(() => createFileStorage(newRoot())));

  it('keeps blob `x` of container `c` as root/c/x beside a dot file with its type, and no temp files', async () => {
    const root = newRoot();
    const storage = createFileStorage(root);
    await storage.createContainer('docs', { public: false });

    await storage.putBlob('docs', 'plan.pdf', Buffer.from('%PDF-'), 'application/pdf');

    expect(readdirSync(root)).toEqual(['docs']);
    expect(readdirSync(path.join(root, 'docs')).sort()).toEqual(['.container', '.plan.pdf.type', 'plan.pdf']);
  });

  it('leaves no temporary file when a stream breaks off after megabytes were written', async () => {
    const root = newRoot();
    const storage = createFileStorage(root);
    await storage.createContainer('docs', { public: false });
    const old = await storage.putBlob('docs', 'plan.pdf', Buffer.from('%PDF-old'), 'application/pdf');
    const broken = async function* () {
      for (let at = 0; at < 9 * 1024 * 1024; at += 65_536) yield randomBytes(65_536);
      throw new Error('the client went away');
    };
    await expect(
      storage.putBlobStream('docs', 'plan.pdf', Readable.from(broken()), 'application/pdf'),
    ).rejects.toThrow('the client went away');
    expect(readdirSync(path.join(root, 'docs')).sort()).toEqual(['.container', '.plan.pdf.type', 'plan.pdf']);
    expect(await storage.statBlob('docs', 'plan.pdf')).toMatchObject({ contentLength: 8, etag: old.etag });
  });

  it('flushes a stream to the disk while it is written, and fails it when a flush fails', async () => {
    const megabytes = (count: number) =>
      Readable.from(Array.from({ length: count * 16 }, () => Buffer.alloc(65_536, 1)));
    const handle = (datasync: () => Promise<void>) => {
      const written: number[] = [];
      let flushes = 0;
      return {
        written,
        flushes: () => flushes,
        writev: async (buffers: Buffer[]) => {
          const bytesWritten = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
          written.push(bytesWritten);
          return { bytesWritten, buffers };
        },
        datasync: async () => {
          flushes += 1;
          return datasync();
        },
      };
    };

    const healthy = handle(async () => {});
    await writeStream(healthy, megabytes(9));
    expect(healthy.written.reduce((sum, size) => sum + size, 0)).toBe(9 * 1024 * 1024);
    // After 2, 4, 6 and 8 MB; the last megabyte is left to the caller's fsync.
    expect(healthy.flushes()).toBe(4);

    // Linux reports a failed write-back to one sync only: the final fsync would miss it.
    const failing = handle(async () => {
      throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    });
    await expect(writeStream(failing, megabytes(9))).rejects.toThrow('EIO');
    expect(failing.flushes()).toBe(1);
  });

  it('writes nothing anywhere for a refused name', async () => {
    const parent = newRoot();
    const root = path.join(parent, 'storage');
    mkdirSync(root);
    const storage = createFileStorage(root);
    await storage.createContainer('docs', { public: false });

    for (const name of REFUSED_BLOB_NAMES) {
      await storage.putBlob('docs', name, Buffer.from('x'), 'text/plain').catch(() => {});
    }
    for (const name of REFUSED_CONTAINER_NAMES)
      await storage.createContainer(name, { public: true }).catch(() => {});

    expect(readdirSync(parent)).toEqual(['storage']);
    expect(readdirSync(root)).toEqual(['docs']);
    expect(readdirSync(path.join(root, 'docs'))).toEqual(['.container']);
  });

  it('opens in DATA_DIR/storage with the portal’s containers, adopting DATA_DIR/avatars of earlier versions', async () => {
    const dataDir = newRoot();
    const name = `${randomBytes(16).toString('hex')}.gif`;
    mkdirSync(path.join(dataDir, 'avatars'));
    writeFileSync(path.join(dataDir, 'avatars', name), 'GIF89a');

    const storage = await openStorage({ azureStorageConnectionString: undefined, dataDir });

    expect(existsSync(path.join(dataDir, 'avatars'))).toBe(false);
    expect(await storage.getContainer(SYSTEM_CONTAINERS.avatars)).toMatchObject({ public: true });
    expect(await storage.getContainer(SYSTEM_CONTAINERS.liftFiles)).toMatchObject({ public: false });
    const read = await storage.readBlob(SYSTEM_CONTAINERS.avatars, name);
    expect((await text(read!.body)).toString()).toBe('GIF89a');
    expect(read?.info.contentType).toBe('application/octet-stream');
  });
});

describe('Azure storage on Azurite', () => {
  let azurite: TestAzurite;
  beforeAll(async () => {
    azurite = await startAzurite();
  });
  afterAll(() => azurite?.close());

  describe('contract', () => storageContract(() => createAzureStorage(azurite.connectionString)));

  it('keeps the access as container metadata and the type as the blob’s HTTP header', async () => {
    const storage = await createAzureStorage(azurite.connectionString);
    const name = newContainer();
    await storage.createContainer(name, { public: true });
    await storage.putBlob(name, 'x.gif', Buffer.from('GIF89a'), 'image/gif');

    const client = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(name);
    expect((await client.getProperties()).metadata).toMatchObject({ portalpublic: 'true' });
    const properties = await client.getBlobClient('x.gif').getProperties();
    expect(properties.contentType).toBe('image/gif');
    expect(properties.contentLength).toBe(6);
  });

  it('opens with the portal’s containers, private lift files and public avatars', async () => {
    const storage = await openStorage({
      azureStorageConnectionString: azurite.connectionString,
      dataDir: '/nonexistent',
    });
    await storage.setContainerPublic(SYSTEM_CONTAINERS.liftFiles, true);

    const again = await openStorage({
      azureStorageConnectionString: azurite.connectionString,
      dataDir: '/nonexistent',
    });

    expect(await again.getContainer(SYSTEM_CONTAINERS.avatars)).toMatchObject({ public: true });
    expect(await again.getContainer(SYSTEM_CONTAINERS.liftFiles)).toMatchObject({ public: false });
  });
});
