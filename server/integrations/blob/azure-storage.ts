import { Readable } from 'node:stream';
import type { BlobServiceClient, ContainerClient, RestError as RestErrorType } from '@azure/storage-blob';
import {
  assertBlobName,
  assertContainerName,
  type BlobInfo,
  type ContainerInfo,
  ContainerNotFoundError,
  type Storage,
  UNKNOWN_CONTENT_TYPE,
} from './storage';

/**
 * The container's access, kept as its metadata: the portal serves public blobs itself at their
 * URL (docs/files.md#urls), so the account may forbid anonymous access, as new accounts do.
 */
const PUBLIC_METADATA = 'portalpublic';
/** A blob replaced between reading its properties and its bytes is read again, this often. */
const READ_ATTEMPTS = 3;
/** A streamed upload is staged in blocks of this size, this many at once (the SDK's buffers). */
const UPLOAD_BLOCK_BYTES = 4 * 1024 * 1024;
const UPLOAD_CONCURRENCY = 4;

type Sdk = typeof import('@azure/storage-blob');

/** The storage in Azure Blob Storage (or Azurite): one Azure container per container. */
export async function createAzureStorage(connectionString: string): Promise<Storage> {
  // Loaded only when configured: a server on the file system never loads the SDK.
  const sdk: Sdk = await import('@azure/storage-blob');
  const service: BlobServiceClient = sdk.BlobServiceClient.fromConnectionString(connectionString);
  const isStatus = (error: unknown, status: number): error is RestErrorType =>
    error instanceof sdk.RestError && error.statusCode === status;
  const containerClient = (name: string): ContainerClient => {
    assertContainerName(name);
    return service.getContainerClient(name);
  };
  const blobClient = (container: string, name: string) => {
    assertBlobName(name);
    return containerClient(container).getBlockBlobClient(name);
  };
  const metadataOf = (isPublic: boolean) => ({ [PUBLIC_METADATA]: isPublic ? 'true' : 'false' });

  const getContainer = async (name: string): Promise<ContainerInfo | null> => {
    try {
      const properties = await containerClient(name).getProperties();
      return {
        name,
        public: properties.metadata?.[PUBLIC_METADATA] === 'true',
        lastModified: properties.lastModified ?? new Date(0),
      };
    } catch (error) {
      if (isStatus(error, 404)) return null;
      throw error;
    }
  };

  const infoOf = (
    container: string,
    name: string,
    properties: {
      contentType?: string | undefined;
      contentLength?: number | undefined;
      etag?: string | undefined;
      lastModified?: Date | undefined;
    },
  ): BlobInfo => ({
    container,
    name,
    contentType: properties.contentType || UNKNOWN_CONTENT_TYPE,
    contentLength: properties.contentLength ?? 0,
    etag: properties.etag ?? '""',
    lastModified: properties.lastModified ?? new Date(0),
  });

  const storage: Storage = {
    backend: 'azure',

    async listContainers() {
      const containers: ContainerInfo[] = [];
      for await (const item of service.listContainers({ includeMetadata: true })) {
        containers.push({
          name: item.name,
          public: item.metadata?.[PUBLIC_METADATA] === 'true',
          lastModified: item.properties.lastModified,
        });
      }
      return containers.sort((a, b) => a.name.localeCompare(b.name));
    },

    getContainer,

    async createContainer(name, options) {
      const created = await containerClient(name).createIfNotExists({ metadata: metadataOf(options.public) });
      const container = await getContainer(name);
      if (!container) throw new ContainerNotFoundError(name);
      return { container, created: created.succeeded };
    },

    async setContainerPublic(name, isPublic) {
      try {
        await containerClient(name).setMetadata(metadataOf(isPublic));
      } catch (error) {
        if (isStatus(error, 404)) throw new ContainerNotFoundError(name);
        throw error;
      }
    },

    async deleteContainer(name) {
      return (await containerClient(name).deleteIfExists()).succeeded;
    },

    async listBlobs(container) {
      const client = containerClient(container);
      const blobs: BlobInfo[] = [];
      try {
        for await (const item of client.listBlobsFlat()) {
          blobs.push(infoOf(container, item.name, item.properties));
        }
      } catch (error) {
        if (isStatus(error, 404)) return null;
        throw error;
      }
      // An empty listing does not tell a missing container from an empty one.
      if (blobs.length === 0 && !(await client.exists())) return null;
      return blobs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },

    async putBlob(container, name, bytes, contentType) {
      try {
        const uploaded = await blobClient(container, name).uploadData(bytes, {
          blobHTTPHeaders: { blobContentType: contentType },
        });
        return infoOf(container, name, {
          contentType,
          contentLength: bytes.length,
          etag: uploaded.etag,
          lastModified: uploaded.lastModified,
        });
      } catch (error) {
        if (isStatus(error, 404)) throw new ContainerNotFoundError(container);
        throw error;
      }
    },

    async putBlobStream(container, name, body, contentType) {
      let size = 0;
      async function* counted() {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          size += chunk.length;
          yield chunk;
        }
      }
      try {
        // Staged in blocks as the bytes come and committed at the end: a body that fails leaves
        // only uncommitted blocks, which Azure discards, and the old blob stays.
        const uploaded = await blobClient(container, name).uploadStream(
          Readable.from(counted(), { objectMode: false }),
          UPLOAD_BLOCK_BYTES,
          UPLOAD_CONCURRENCY,
          { blobHTTPHeaders: { blobContentType: contentType } },
        );
        return infoOf(container, name, {
          contentType,
          contentLength: size,
          etag: uploaded.etag,
          lastModified: uploaded.lastModified,
        });
      } catch (error) {
        if (isStatus(error, 404)) throw new ContainerNotFoundError(container);
        throw error;
      }
    },

    async uploadBlobStream(container, name, body, contentType, access) {
      // Made first: a stream cannot be sent again after a 404 for a missing container.
      const { container: info } = await storage.createContainer(container, access);
      return { blob: await storage.putBlobStream(container, name, body, contentType), container: info };
    },

    async statBlob(container, name) {
      try {
        return infoOf(container, name, await blobClient(container, name).getProperties());
      } catch (error) {
        if (isStatus(error, 404)) return null;
        throw error;
      }
    },

    async readBlob(container, name, pick) {
      const client = blobClient(container, name);
      for (let attempt = 1; ; attempt++) {
        let info: BlobInfo;
        try {
          info = infoOf(container, name, await client.getProperties());
        } catch (error) {
          if (isStatus(error, 404)) return null;
          throw error;
        }
        const range = pick?.(info);
        try {
          // `ifMatch`: the bytes of the version whose properties we just read, or a 412.
          const download = await client.download(
            range?.start ?? 0,
            range ? range.end - range.start + 1 : undefined,
            {
              conditions: { ifMatch: info.etag },
            },
          );
          const stream = download.readableStreamBody;
          const body = stream
            ? stream instanceof Readable
              ? stream
              : Readable.from(stream)
            : Readable.from([]);
          return { info, range, body };
        } catch (error) {
          if (isStatus(error, 404)) return null;
          if (isStatus(error, 412) && attempt < READ_ATTEMPTS) continue;
          throw error;
        }
      }
    },

    async deleteBlob(container, name) {
      try {
        return (await blobClient(container, name).deleteIfExists({ deleteSnapshots: 'include' })).succeeded;
      } catch (error) {
        if (isStatus(error, 404)) return false;
        throw error;
      }
    },
  };
  return storage;
}
