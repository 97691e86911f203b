import type { Readable } from 'node:stream';
import {
  isContainerName as isContainerNameRule,
  isFileName,
  MAX_FILE_NAME_LENGTH,
} from '../../../contract/schemas/file';

/**
 * The portal's file storage (docs/files.md): containers holding blobs, on the file system in
 * DATA_DIR or in Azure Blob Storage, with the same behaviour (the same tests run on both).
 * Names are checked here too (`assertContainerName`, `assertBlobName`): a route validates the
 * client's input first, so a refused name here is a bug in the caller.
 */
export interface Storage {
  readonly backend: 'files' | 'azure';
  listContainers(): Promise<ContainerInfo[]>;
  /** The container, or null when there is none of that name. */
  getContainer(name: string): Promise<ContainerInfo | null>;
  /** Creates the container unless it exists; an existing one keeps its access. */
  createContainer(
    name: string,
    options: { public: boolean },
  ): Promise<{ container: ContainerInfo; created: boolean }>;
  setContainerPublic(name: string, isPublic: boolean): Promise<void>;
  /** Deletes the container and every blob in it; false when there was none. */
  deleteContainer(name: string): Promise<boolean>;
  /** The container's blobs by name, or null when the container does not exist. */
  listBlobs(container: string): Promise<BlobInfo[] | null>;
  /** Stores `bytes` under `name`, replacing what was there; ContainerNotFoundError without the container. */
  putBlob(container: string, name: string, bytes: Buffer, contentType: string): Promise<BlobInfo>;
  /**
   * Stores the bytes of `body` under `name` as they arrive, replacing what was there once all came
   * (nothing is stored when `body` fails); ContainerNotFoundError without the container.
   */
  putBlobStream(container: string, name: string, body: Readable, contentType: string): Promise<BlobInfo>;
  /**
   * The spec's upload: stores `body` as `putBlobStream` does, in a container that is created
   * (with `access`) when missing; an existing one keeps its own access. Answers both.
   */
  uploadBlobStream(
    container: string,
    name: string,
    body: Readable,
    contentType: string,
    access: { public: boolean },
  ): Promise<{ blob: BlobInfo; container: ContainerInfo }>;
  /** The blob's properties, or null when it (or its container) does not exist. */
  statBlob(container: string, name: string): Promise<BlobInfo | null>;
  /**
   * The blob's bytes, all of them or the range `pick` chooses from its properties (ETag, size);
   * the properties and the bytes are of one and the same version of the blob. Null when absent.
   */
  readBlob(
    container: string,
    name: string,
    pick?: (info: BlobInfo) => ByteRange | undefined,
  ): Promise<BlobRead | null>;
  /** Removes the blob; false when there was none (or no container). */
  deleteBlob(container: string, name: string): Promise<boolean>;
}

export interface ContainerInfo {
  name: string;
  /** Public: its blobs are served at their URL without a token (docs/files.md#urls). */
  public: boolean;
  lastModified: Date;
}

export interface BlobInfo {
  container: string;
  name: string;
  /** As detected from the bytes when stored; `application/octet-stream` for files of unknown type. */
  contentType: string;
  contentLength: number;
  /** A strong entity tag, quoted (`"…"`), that changes whenever the bytes change. */
  etag: string;
  lastModified: Date;
}

/** Inclusive byte positions, as in `Content-Range`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobRead {
  info: BlobInfo;
  /** The whole blob, or the range that was asked for. */
  range: ByteRange | undefined;
  body: Readable;
}

/** The container a blob was to go into does not exist. */
export class ContainerNotFoundError extends Error {
  override name = 'ContainerNotFoundError';
}

/** A name the storage refuses: a bug in the caller, never the client's input (validate that first). */
export class InvalidStorageNameError extends Error {
  override name = 'InvalidStorageNameError';

  constructor(kind: 'container' | 'blob', value: string) {
    super(`invalid ${kind} name ${JSON.stringify(value.slice(0, 80))}`);
  }
}

/** Content type of a file found without a stored one (written before the storage, or by hand). */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/**
 * Containers the portal keeps its own files in. Created at start; the `/azure/` calls may read
 * them but neither write into nor delete them (docs/files.md#containers).
 */
export const SYSTEM_CONTAINERS = {
  /** Avatars: public, random names, served at `/api/avatars/<name>`. */
  avatars: 'avatars',
  /** Lift files: private, served only to users who see the lift. */
  liftFiles: 'lift-files',
  /** Tableau part images and their thumbnails: public, random names (docs/tableau.md#images). */
  tableauResources: 'tableau-resources',
  /** Tableau template previews: public, random names. */
  tableauPreviews: 'tableau-previews',
} as const;
export const SYSTEM_CONTAINER_ACCESS: Record<string, { public: boolean }> = {
  [SYSTEM_CONTAINERS.avatars]: { public: true },
  [SYSTEM_CONTAINERS.liftFiles]: { public: false },
  [SYSTEM_CONTAINERS.tableauResources]: { public: true },
  [SYSTEM_CONTAINERS.tableauPreviews]: { public: true },
};
export const isSystemContainer = (name: string) => Object.hasOwn(SYSTEM_CONTAINER_ACCESS, name);

/** The names both backends accept (contract/schemas/file.ts, docs/files.md#names). */
export const isContainerName = isContainerNameRule;
export const isBlobName = isFileName;
export const MAX_BLOB_NAME_LENGTH = MAX_FILE_NAME_LENGTH;

export function assertContainerName(name: string): void {
  if (!isContainerName(name)) throw new InvalidStorageNameError('container', name);
}

export function assertBlobName(name: string): void {
  if (!isBlobName(name)) throw new InvalidStorageNameError('blob', name);
}

/**
 * A blob name made from a file name a browser sent (a multipart `filename`), which may carry a
 * path (`C:\fakepath\x.pdf`) or anything else: its last segment, refused characters replaced by
 * `_`, leading dots and outer spaces dropped, cut to the length limit keeping the extension.
 * Null when nothing usable is left.
 */
export function cleanFileName(raw: string): string | null {
  const last = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = last
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[:*?"<>|]/g, '_')
    .replace(/^[.\s]+/u, '')
    .replace(/[.\s]+$/u, '');
  if (name.length > MAX_BLOB_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_BLOB_NAME_LENGTH - extension.length).replace(/[.\s]+$/u, '') + extension;
  }
  return isBlobName(name) ? name : null;
}
