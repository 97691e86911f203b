import { definePlugin } from '../../lib/define-plugin';
import { BLOB_CONTAINER, createAzureBlobStore } from './azure-blob-store';
import type { BlobStore } from './blob-store';
import { createFileBlobStore } from './file-blob-store';

export interface BlobStorageOptions {
  /** Set: Azure Blob Storage (or Azurite). Unset: files in `dataDir`. */
  azureStorageConnectionString: string | undefined;
  dataDir: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    blobs: BlobStore;
  }
}

/** `app.blobs` for every module, on the backend the configuration names (docs/architecture.md#integrations). */
export const blobStoragePlugin = definePlugin<BlobStorageOptions>('blob-storage', async (app, options) => {
  if (options.azureStorageConnectionString) {
    // Creating the container here makes a wrong connection string fail the start, not an upload.
    app.decorate('blobs', await createAzureBlobStore(options.azureStorageConnectionString));
    app.log.info({ container: BLOB_CONTAINER }, 'blob storage: Azure Blob Storage');
  } else {
    app.decorate('blobs', createFileBlobStore(options.dataDir));
    app.log.info({ dataDir: options.dataDir }, 'blob storage: files in DATA_DIR');
  }
});
