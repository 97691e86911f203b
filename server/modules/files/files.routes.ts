import { randomUUID } from 'node:crypto';
import { finished } from 'node:stream/promises';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { filesApi } from '../../../contract/api/files';
import { FILE_MSG } from '../../../contract/file-messages';
import { MSG } from '../../../contract/messages';
import {
  FILE_LINK_TTL_SECONDS,
  type LiftFile,
  LiftFileFormSchema,
  LiftFileRegisterSchema,
} from '../../../contract/schemas/file';
import { mayAddLiftFile, mayDeleteLiftFile } from '../../access/files';
import type { UserRow } from '../../db/schema/users';
import { sendBlob } from '../../integrations/blob/send-blob';
import {
  cleanFileName,
  isBlobName,
  isContainerName,
  SYSTEM_CONTAINERS,
} from '../../integrations/blob/storage';
import { allowedContentType, DETECTED_TYPES, DOCUMENT_TYPES, detectFileType } from '../../lib/file-type';
import { forbidden, HttpError } from '../../lib/http-error';
import { multipartBoundary, sniffStream } from '../../lib/multipart-stream';
import { createUrlSigner } from '../../lib/signed-url';
import { currentUser } from '../../plugins/auth';
import { RequestValidationError, toFieldErrors } from '../../plugins/validation';
import { createBlobAccess, mayRead } from '../storage/blob-access';
import { createFileRequester } from '../storage/file-requester';
import { readStreamedForm, streamMultipartBodies } from '../storage/upload-form';
import { askLiftSeersToPull } from '../sync/sync-notify';
import { liftFileContentPath } from './file-mapper';
import { createFilesRepository, type NewLiftFile } from './files.repository';

export interface FilesRoutesOptions {
  authSecret: string;
  /** Largest upload in bytes (`FILE_MAX_MB`). */
  fileMaxBytes: number;
}

const FORM_OVERHEAD_BYTES = 64 * 1024;
/** Enough of a file's start to tell its type by (server/lib/file-type.ts). */
const SNIFF_BYTES = 16;

/** What the streamed `file` of a form became: stored bytes, or the row of an upload already made. */
type StoredUpload =
  | { existing: LiftFile }
  | {
      id: string;
      blobName: string;
      type: string;
      extension: string;
      size: number;
      fileName: string | undefined;
    };
const LIFT_FILES = SYSTEM_CONTAINERS.liftFiles;
const STORAGE_PATH = /^\/api\/storage\/([^/?#]+)\/([^/?#]+)$/;

const fileNotFound = () => new HttpError(404, FILE_MSG.fileNotFound);

/** Files attached to lifts, scoped like the lift (docs/files.md#lift-files). */
export const filesRoutes: FastifyPluginAsync<FilesRoutesOptions> = async (app, options) => {
  const files = createFilesRepository(app.db);
  const storage = app.storage;
  const signer = createUrlSigner(options.authSecret);
  const requester = createFileRequester(app, signer);
  const blobAccess = createBlobAccess(app.db);
  const signedPathOf = (id: string) => `files/${id}/content`;

  const liftVisible = async (liftId: string, user: UserRow) => {
    if (!(await files.liftInScope(liftId, user))) throw new HttpError(404, MSG.liftNotFound);
  };

  /**
   * The row a repeated `uid` stands for, when it is this user's retry of this lift's file: it is
   * answered again and nothing is stored twice. A uid of another lift or a deleted file is refused.
   */
  const existingForUid = async (uid: string, liftId: string): Promise<LiftFile | undefined> => {
    const existing = await files.findByUid(uid);
    if (!existing) return undefined;
    if (existing.row.liftId !== liftId) {
      throw new HttpError(409, FILE_MSG.fileUidTaken, { uid: FILE_MSG.fileUidTaken });
    }
    if (existing.row.deletedAt) throw fileNotFound();
    return existing.file;
  };

  app.serve(filesApi.byLift, async (request) => {
    await liftVisible(request.query.liftId, currentUser(request));
    return { files: await files.listByLift(request.query.liftId) };
  });

  app.serve(filesApi.link, async (request) => {
    const user = currentUser(request);
    const found = await files.findInScope(request.params.id, user);
    if (!found?.row.blobName) throw fileNotFound();
    const { token, expiresAt } = signer.sign(signedPathOf(found.row.id), user.id, FILE_LINK_TTL_SECONDS);
    return {
      url: `${liftFileContentPath(found.row.id)}?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    };
  });

  app.serve(filesApi.content, async (request, reply) => {
    const { id } = request.params;
    const user = await requester(request, signedPathOf(id), request.query.token);
    // Asked again on every request: a user who lost the lift loses its files, signed link or not.
    const found = await files.findInScope(id, user);
    if (!found?.row.blobName) throw fileNotFound();
    const sent = await sendBlob(
      storage,
      request,
      reply,
      { container: LIFT_FILES, name: found.row.blobName },
      {
        // A stored file's bytes never change under its id.
        cacheControl: 'private, max-age=31536000, immutable',
        fileName: found.row.name,
        attachment: request.query.download === '1',
      },
    );
    if (!sent) throw fileNotFound();
    return reply;
  });

  app.serve(filesApi.remove, async (request) => {
    const user = currentUser(request);
    const found = await files.findInScope(request.params.id, user);
    if (!found) throw fileNotFound();
    if (!mayDeleteLiftFile(user, found.file)) throw forbidden();
    if (!(await files.tombstone(found.row.id))) throw fileNotFound();
    if (found.row.blobName) {
      // The row is gone for everyone; bytes left behind cost storage, not correctness.
      await storage
        .deleteBlob(LIFT_FILES, found.row.blobName)
        .catch((error: unknown) =>
          request.log.warn({ err: error, id: found.row.id }, 'lift file blob not deleted'),
        );
    }
    askLiftSeersToPull(app, [found.row.liftId], 'files');
    return { message: MSG.deleted };
  });

  /**
   * A link: an https address, or a blob of this portal's storage that `user` may read (its size and
   * type then come from there). Null for a link of neither kind; 404 for a blob that is missing or
   * that he may not read, alike, so that the answer tells nothing of blobs he cannot see.
   */
  const linkTarget = async (url: string, user: UserRow): Promise<{ size: number; type: string } | null> => {
    const own = STORAGE_PATH.exec(url);
    if (own) {
      let name: string;
      try {
        name = decodeURIComponent(own[2] ?? '');
      } catch {
        return null;
      }
      const container = own[1] ?? '';
      if (!isContainerName(container) || !isBlobName(name) || container === LIFT_FILES) return null;
      const info = await storage.getContainer(container);
      const blob =
        info && mayRead(await blobAccess.readersOf(info, name), user)
          ? await storage.statBlob(container, name)
          : null;
      if (!blob) throw new HttpError(404, FILE_MSG.blobNotFound, { url: FILE_MSG.blobNotFound });
      return { size: blob.contentLength, type: blob.contentType };
    }
    try {
      return new URL(url).protocol === 'https:' ? { size: -1, type: '' } : null;
    } catch {
      return null;
    }
  };

  const insertOrExisting = async (values: NewLiftFile): Promise<{ file: LiftFile; created: boolean }> => {
    const inserted = await files.insert(values);
    if (inserted) {
      // Mirrors of the lift pull the new file's row (docs/sync.md).
      askLiftSeersToPull(app, [values.liftId], 'files');
      return { file: inserted, created: true };
    }
    // Another request with the same uid got there first.
    const existing = await existingForUid(values.uid, values.liftId);
    if (!existing) throw fileNotFound();
    return { file: existing, created: false };
  };

  await app.register(async (upload) => {
    // The multipart body is read by the handler as it arrives (readStreamedForm).
    streamMultipartBodies(upload);

    upload.serve(filesApi.register, async (request, reply) => {
      const user = currentUser(request);
      if (!mayAddLiftFile(user)) throw forbidden();
      const isForm = multipartBoundary(request.headers['content-type'] ?? '') !== null;

      if (!isForm) {
        // JSON: a link to a file (the spec's `{ uid, liftId, name, size, type, url }`).
        const parsed = v.safeParse(LiftFileRegisterSchema, request.body);
        if (!parsed.success) throw new RequestValidationError('body', toFieldErrors(parsed.issues));
        const input = parsed.output;
        await liftVisible(input.liftId, user);
        const existing = await existingForUid(input.uid, input.liftId);
        if (existing) return reply.code(200).send(existing);
        const target = await linkTarget(input.url, user);
        if (!target) throw new HttpError(400, MSG.invalidRequest, { url: FILE_MSG.fileUrlInvalid });
        const { file, created } = await insertOrExisting({
          uid: input.uid,
          liftId: input.liftId,
          name: input.name,
          size: target.size >= 0 ? target.size : input.size,
          type: target.type || input.type || 'application/octet-stream',
          url: input.url,
          blobName: null,
          addedBy: user.id,
        });
        return reply.code(created ? 201 : 200).send(file);
      }

      // multipart/form-data: the bytes in `file`, streamed into the private lift-files container.
      const readFields = (fields: ReadonlyMap<string, string>) =>
        v.safeParse(LiftFileFormSchema, {
          uid: fields.get('uid'),
          liftId: fields.get('liftId'),
          name: fields.get('name') || undefined,
        });
      const form = await readStreamedForm(request, {
        maxFileBytes: options.fileMaxBytes,
        overheadBytes: FORM_OVERHEAD_BYTES,
        onFile: async (part, fieldsSoFar): Promise<StoredUpload> => {
          // The browser sends the fields first: a retry of an upload that went through, or a lift
          // the user does not see, is answered before the bytes are stored.
          const early = readFields(fieldsSoFar);
          if (early.success) {
            await liftVisible(early.output.liftId, user);
            const existing = await existingForUid(early.output.uid, early.output.liftId);
            if (existing) {
              part.stream.resume();
              await finished(part.stream);
              return { existing };
            }
          }
          // The type from the first bytes; then the rest goes to storage as it arrives.
          const { head, body } = await sniffStream(part.stream, SNIFF_BYTES);
          if (head.length === 0) throw new HttpError(400, MSG.invalidRequest, { file: MSG.required });
          const type = allowedContentType(head, DOCUMENT_TYPES);
          const extension = detectFileType(head);
          if (!type || !extension) throw new HttpError(415, FILE_MSG.fileTypeInvalid);
          const id = randomUUID();
          const blobName = `${id}.${extension}`;
          const stored = await storage.putBlobStream(LIFT_FILES, blobName, body, DETECTED_TYPES[extension]);
          return { id, blobName, type, extension, size: stored.contentLength, fileName: part.fileName };
        },
      });
      const upload = form.file;
      const dropStored = async () => {
        if (upload && 'blobName' in upload)
          await storage.deleteBlob(LIFT_FILES, upload.blobName).catch(() => {});
      };
      const fields = readFields(form.fields);
      if (!fields.success) {
        await dropStored();
        throw new RequestValidationError('body', toFieldErrors(fields.issues));
      }
      if (!upload) throw new HttpError(400, MSG.invalidRequest, { file: MSG.required });
      if ('existing' in upload) return reply.code(200).send(upload.existing);
      const { uid, liftId } = fields.output;
      try {
        // Asked (again) now that every field is known: they may have come after the file.
        await liftVisible(liftId, user);
        const existing = await existingForUid(uid, liftId);
        if (existing) {
          await dropStored();
          return reply.code(200).send(existing);
        }
      } catch (error) {
        await dropStored();
        throw error;
      }
      const { id, blobName, type, extension, size } = upload;
      const name = fields.output.name ?? cleanFileName(upload.fileName ?? '') ?? `file.${extension}`;
      try {
        const { file, created } = await insertOrExisting({
          id,
          uid,
          liftId,
          name,
          size,
          type,
          url: liftFileContentPath(id),
          blobName,
          addedBy: user.id,
        });
        if (!created) await storage.deleteBlob(LIFT_FILES, blobName);
        return reply.code(created ? 201 : 200).send(file);
      } catch (error) {
        // No row refers to the bytes: they go.
        await dropStored();
        throw error;
      }
    });
  });
};
