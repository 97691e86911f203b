import { assertBlobKey, type BlobStore, UNKNOWN_CONTENT_TYPE } from './blob-store';

/** The one container holding the portal's blobs. Private: blobs reach browsers through the API. */
export const BLOB_CONTAINER = 'portal';

/** Blobs in Azure Blob Storage (or Azurite), the content type kept as the blob's HTTP header. */
export async function createAzureBlobStore(connectionString: string): Promise<BlobStore> {
  // Loaded only when configured: a server on the filesystem store never loads the SDK.
  const { BlobServiceClient, RestError } = await import('@azure/storage-blob');
  const container =
    BlobServiceClient.fromConnectionString(connectionString).getContainerClient(BLOB_CONTAINER);
  await container.createIfNotExists();

  return {
    async put(key, bytes, contentType) {
      assertBlobKey(key);
      await container.getBlockBlobClient(key).uploadData(bytes, {
        blobHTTPHeaders: { blobContentType: contentType },
      });
    },

    async get(key) {
      assertBlobKey(key);
      try {
        // One request for bytes and type: a second one could see another version of the blob.
        const download = await container.getBlobClient(key).download();
        const chunks: Buffer[] = [];
        for await (const chunk of download.readableStreamBody ?? []) chunks.push(Buffer.from(chunk));
        return { bytes: Buffer.concat(chunks), contentType: download.contentType ?? UNKNOWN_CONTENT_TYPE };
      } catch (error) {
        if (error instanceof RestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async delete(key) {
      assertBlobKey(key);
      await container.getBlobClient(key).deleteIfExists({ deleteSnapshots: 'include' });
    },
  };
}
