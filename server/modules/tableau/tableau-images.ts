import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../../integrations/blob/storage';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { DETECTED_TYPES, detectFileType, IMAGE_TYPES } from '../../lib/file-type';

/** The longest side of a part image's thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 256;
const CONTAINER = SYSTEM_CONTAINERS.tableauResources;

export interface StoredImage {
  blobName: string;
  thumbnailName: string;
  contentType: string;
  width: number;
  height: number;
}

/**
 * Stores a part image and its thumbnail under random names in the public `tableau-resources`
 * container. The type comes from the bytes (server/lib/file-type.ts): null for anything but a
 * JPEG, PNG or GIF, or for bytes that only look like one (sharp cannot read them).
 */
export async function storePartImage(storage: Storage, bytes: Buffer): Promise<StoredImage | null> {
  const extension = detectFileType(bytes);
  if (!extension) return null;
  const contentType = DETECTED_TYPES[extension];
  if (!IMAGE_TYPES.includes(contentType)) return null;
  let width: number;
  let height: number;
  let thumbnail: Buffer;
  try {
    const metadata = await sharp(bytes).metadata();
    if (!metadata.width || !metadata.height) return null;
    width = metadata.width;
    height = metadata.height;
    thumbnail = await sharp(bytes)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
  const id = randomUUID();
  const blobName = `${id}.${extension}`;
  const thumbnailName = `${id}-thumb.png`;
  await storage.putBlob(CONTAINER, blobName, bytes, contentType);
  await storage.putBlob(CONTAINER, thumbnailName, thumbnail, 'image/png');
  return { blobName, thumbnailName, contentType, width, height };
}

/** Removes stored images; what is left behind costs storage, not correctness. */
export async function removeBlobs(storage: Storage, container: string, names: readonly string[]) {
  await Promise.allSettled(names.map((name) => storage.deleteBlob(container, name)));
}

/** A stored blob's bytes, or null when it is gone. */
export async function readBlobBytes(
  storage: Storage,
  container: string,
  name: string,
): Promise<Buffer | null> {
  const read = await storage.readBlob(container, name);
  if (!read) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of read.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
