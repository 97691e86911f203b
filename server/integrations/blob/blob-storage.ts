import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { definePlugin } from '../../lib/define-plugin';
import { createAzureStorage } from './azure-storage';
import { createFileStorage } from './file-storage';
import { type Storage, SYSTEM_CONTAINER_ACCESS, SYSTEM_CONTAINERS } from './storage';

export interface BlobStorageOptions {
  /** Set: Azure Blob Storage (or Azurite). Unset: files in `dataDir`. */
  azureStorageConnectionString: string | undefined;
  dataDir: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * The storage on the backend the configuration names, with the portal's own containers in place
 * (docs/files.md#backends). Creating them here makes a wrong connection string fail the start,
 * not an upload.
 */
export async function openStorage(options: BlobStorageOptions): Promise<Storage> {
  let storage: Storage;
  if (options.azureStorageConnectionString) {
    storage = await createAzureStorage(options.azureStorageConnectionString);
  } else {
    const root = path.join(options.dataDir, 'storage');
    await mkdir(root, { recursive: true });
    await adoptLegacyAvatars(options.dataDir, root);
    storage = createFileStorage(root);
  }
  for (const [name, access] of Object.entries(SYSTEM_CONTAINER_ACCESS)) {
    const { container, created } = await storage.createContainer(name, access);
    // A container adopted from an earlier version (or set by hand) gets the access the portal relies on.
    if (!created && container.public !== access.public) await storage.setContainerPublic(name, access.public);
  }
  return storage;
}

/**
 * Versions before the storage kept avatars in `DATA_DIR/avatars/`; that folder becomes the
 * `avatars` container (`DATA_DIR/storage/avatars/`) once, by a rename, so their URLs keep working.
 */
async function adoptLegacyAvatars(dataDir: string, root: string) {
  const legacy = path.join(dataDir, 'avatars');
  const target = path.join(root, SYSTEM_CONTAINERS.avatars);
  if (existsSync(legacy) && !existsSync(target)) await rename(legacy, target);
}

/** `app.storage` for every module (docs/architecture.md#integrations). */
export const blobStoragePlugin = definePlugin<BlobStorageOptions>('blob-storage', async (app, options) => {
  app.decorate('storage', await openStorage(options));
  app.log.info(
    options.azureStorageConnectionString
      ? { backend: 'Azure Blob Storage' }
      : { backend: 'files', root: path.join(options.dataDir, 'storage') },
    'file storage',
  );
});
