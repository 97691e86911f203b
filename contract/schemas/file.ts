import * as v from 'valibot';
import { FILE_MSG } from '../file-messages';
import { MSG } from '../messages';
import { IdSchema } from './common';

/**
 * Azure's rule for container names, kept on both storage backends: 3 to 63 lower-case letters,
 * digits and single hyphens, starting and ending with a letter or digit (docs/files.md#names).
 */
const CONTAINER_NAME = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,62}$/;
export const isContainerName = (name: string) => CONTAINER_NAME.test(name);

export const MAX_FILE_NAME_LENGTH = 200;
/** How long a signed link to a private file works (docs/files.md#urls). */
export const FILE_LINK_TTL_SECONDS = 60 * 60;
/**
 * Refused anywhere in a file (blob) name: control and format characters (a right-to-left
 * override can disguise `exe.pdf`), line separators, path separators, and what Windows refuses in
 * file names, so that a downloaded file keeps its name there too.
 */
const FORBIDDEN_IN_FILE_NAME = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/\\:*?"<>|]/u;

/**
 * One flat name: no folders (so no traversal), no leading dot (the file system backend keeps its
 * bookkeeping in dot files), no leading or trailing space, no trailing dot, NFC, 1 to 200 characters.
 */
export function isFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= MAX_FILE_NAME_LENGTH &&
    name === name.normalize('NFC') &&
    !FORBIDDEN_IN_FILE_NAME.test(name) &&
    !/^[.\s]|[.\s]$/u.test(name)
  );
}

export const ContainerNameSchema = v.pipe(
  v.string(MSG.required),
  v.minLength(1, MSG.required),
  v.check(isContainerName, FILE_MSG.invalidContainerName),
);
export const FileNameSchema = v.pipe(
  v.string(MSG.required),
  v.minLength(1, MSG.required),
  v.maxLength(MAX_FILE_NAME_LENGTH, MSG.tooLong),
  v.check(isFileName, FILE_MSG.invalidFileName),
);

/** `{ containerName }` of the storage calls. */
export const ContainerRequestSchema = v.object({ containerName: ContainerNameSchema });
/** `createContainerInStorage`: private unless `public` is true. */
export const ContainerCreateSchema = v.object({
  containerName: ContainerNameSchema,
  public: v.optional(v.boolean(), false),
});
/** `{ containerName, fileName }` of the calls about one blob. */
export const BlobRequestSchema = v.object({ containerName: ContainerNameSchema, fileName: FileNameSchema });

/** A blob as the storage calls answer it (the spec's Blob file: id, url, name, contentType, contentLength). */
export const BlobSchema = v.object({
  /** `<container>/<name>`. */
  id: v.string(),
  /**
   * Where to fetch it: the stable `/api/storage/<container>/<name>` of a public container's blob;
   * for a private container's, the same path with a signed `token` that expires (docs/files.md#urls).
   */
  url: v.string(),
  name: v.string(),
  /** Detected from the bytes at upload, never taken from the name or the client. */
  contentType: v.string(),
  contentLength: v.number(),
  lastModified: v.string(),
});
export type Blob = v.InferOutput<typeof BlobSchema>;
export const BlobListSchema = v.object({ blobs: v.array(BlobSchema) });

export const ContainerSchema = v.object({
  name: v.string(),
  public: v.boolean(),
  /** The portal's own containers (avatars, lift files): readable here, written only by the portal. */
  system: v.boolean(),
  lastModified: v.string(),
});
export const ContainerListSchema = v.object({ containers: v.array(ContainerSchema) });
export const ContainerExistsSchema = v.object({ exists: v.boolean() });

/** `GET /api/storage/{container}/{name}` */
export const StoredBlobParamsSchema = v.object({
  container: v.pipe(v.string(), v.maxLength(63, MSG.tooLong)),
  name: v.pipe(v.string(), v.maxLength(MAX_FILE_NAME_LENGTH * 4, MSG.tooLong)),
});
/** A signed link's `token` (server/lib/signed-url.ts); `download` asks for `attachment`. */
export const FileDownloadQuerySchema = v.object({
  token: v.optional(v.pipe(v.string(), v.maxLength(200, MSG.tooLong))),
  download: v.optional(v.picklist(['0', '1'], MSG.invalidValue)),
});

/** A file attached to a lift (the spec's File: uid, liftId, name, size, type, url). */
export const LiftFileSchema = v.object({
  id: IdSchema,
  /** The client's id for the file: a repeated registration with it answers this row again. */
  uid: v.string(),
  liftId: IdSchema,
  name: v.string(),
  /** Bytes. */
  size: v.number(),
  /** Content type: detected from the bytes for files stored here, as registered for links. */
  type: v.string(),
  /** `/api/files/<id>/content` for files stored here (token or signed link), or the registered https link. */
  url: v.string(),
  /** Whether the portal holds the bytes (false: `url` is a link elsewhere). */
  stored: v.boolean(),
  addedBy: v.nullable(IdSchema),
  addedByName: v.nullable(v.string()),
  createdAt: v.string(),
  version: v.number(),
  updatedAt: v.string(),
});
export type LiftFile = v.InferOutput<typeof LiftFileSchema>;

const uid = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.minLength(1, MSG.required),
  v.maxLength(100, MSG.tooLong),
  v.regex(/^[A-Za-z0-9_.:-]+$/, MSG.invalidValue),
);

/**
 * `POST /api/files/register` as JSON: a link to a file kept elsewhere (`https:`) or a blob of the
 * portal's storage (`/api/storage/…`). The multipart form takes `file`, `liftId`, `uid` and
 * optionally `name` instead; size and type then come from the bytes.
 */
export const LiftFileRegisterSchema = v.object({
  uid,
  liftId: IdSchema,
  name: FileNameSchema,
  size: v.optional(v.pipe(v.number(), v.integer(MSG.invalidValue), v.minValue(0, MSG.invalidValue)), 0),
  type: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, MSG.tooLong)), ''),
  url: v.pipe(v.string(MSG.required), v.trim(), v.minLength(1, MSG.required), v.maxLength(2000, MSG.tooLong)),
});
/** The multipart form's text fields, checked with the same rules. */
export const LiftFileFormSchema = v.object({
  uid,
  liftId: IdSchema,
  name: v.optional(FileNameSchema),
});

export const LiftFilesQuerySchema = v.object({ liftId: IdSchema });
export const LiftFileListSchema = v.object({ files: v.array(LiftFileSchema) });
/** A signed link to a stored lift file, valid until `expiresAt`, for `<img>` and `<iframe>` (no header). */
export const FileLinkSchema = v.object({ url: v.string(), expiresAt: v.string() });
