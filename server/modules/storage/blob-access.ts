import { hasRole } from '../../../contract/roles';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { type ContainerInfo, SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { createTableauRepository, type ImageReaders } from '../tableau/tableau.repository';

/**
 * Who may read a blob at `/api/storage/<container>/<name>` (docs/files.md#urls):
 * - `anyone`: a blob of a public container;
 * - `admins`: a blob of a private container;
 * - `owner`: a part image of a private tableau folder, though its container is public: only the
 *   folder's owner (docs/tableau.md#images);
 * - `nobody`: a blob of `tableau-resources` that no image row holds (one being stored, or left
 *   behind by a failed delete), whose folder is therefore unknown.
 */
type BlobReaders =
  | { kind: 'anyone' }
  | { kind: 'admins' }
  | { kind: 'owner'; userId: string }
  | { kind: 'nobody' };

const PART_IMAGES = SYSTEM_CONTAINERS.tableauResources;

const partImageReaders = (image: ImageReaders | undefined): BlobReaders =>
  !image || (!image.isPublic && !image.userId)
    ? { kind: 'nobody' }
    : image.isPublic
      ? { kind: 'anyone' }
      : { kind: 'owner', userId: image.userId as string };

/** Whether `user` (null: nobody signed in) may read a blob of those readers. */
export function mayRead(readers: BlobReaders, user: UserRow | null): boolean {
  switch (readers.kind) {
    case 'anyone':
      return true;
    case 'admins':
      return user !== null && hasRole(user.role, 'admin');
    case 'owner':
      return user !== null && user.id === readers.userId && hasRole(user.role, 'admin');
    case 'nobody':
      return false;
  }
}

/** The readers of blobs, by the container's access and, for part images, by their folder's. */
export function createBlobAccess(db: Database) {
  const tableau = createTableauRepository(db);
  const byContainer = (container: ContainerInfo): BlobReaders =>
    container.public ? { kind: 'anyone' } : { kind: 'admins' };

  return {
    async readersOf(container: ContainerInfo, name: string): Promise<BlobReaders> {
      if (container.name !== PART_IMAGES) return byContainer(container);
      return partImageReaders(await tableau.imageReaders(name));
    },

    /** `readersOf` for every blob of a container's listing, asked at once. */
    async readersOfAll(container: ContainerInfo): Promise<(name: string) => BlobReaders> {
      if (container.name !== PART_IMAGES) return () => byContainer(container);
      const images = await tableau.allImageReaders();
      return (name) => partImageReaders(images.get(name));
    },
  };
}
