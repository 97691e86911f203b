import type { FastifyPluginAsync } from 'fastify';
import { storageApi } from '../../../contract/api/storage';
import { FILE_MSG } from '../../../contract/file-messages';
import { MSG } from '../../../contract/messages';
import {
  type Blob,
  ContainerNameSchema,
  FILE_LINK_TTL_SECONDS,
  FileNameSchema,
} from '../../../contract/schemas/file';
import { sendBlob } from '../../integrations/blob/send-blob';
import {
  type BlobInfo,
  type ContainerInfo,
  cleanFileName,
  isBlobName,
  isContainerName,
  isSystemContainer,
} from '../../integrations/blob/storage';
import { allowedContentType, DOCUMENT_TYPES } from '../../lib/file-type';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { sniffStream } from '../../lib/multipart-stream';
import { createUrlSigner } from '../../lib/signed-url';
import { currentUser } from '../../plugins/auth';
import { createBlobAccess, mayRead } from './blob-access';
import { createFileRequester } from './file-requester';
import { parseField, readStreamedForm, streamMultipartBodies } from './upload-form';

export interface StorageRoutesOptions {
  authSecret: string;
  /** Largest upload in bytes (`FILE_MAX_MB`). */
  fileMaxBytes: number;
}

/** Enough of a file's start to tell its type by (server/lib/file-type.ts). */
const SNIFF_BYTES = 16;
/** Room for the multipart framing and the text fields around the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const containerMissing = () => new HttpError(404, FILE_MSG.containerNotFound);
const reserved = () => new HttpError(409, FILE_MSG.containerReserved);

/** The path a blob is served at (and its signature covers); the name encoded as one segment. */
export const blobPath = (container: string, name: string) =>
  `/api/storage/${container}/${encodeURIComponent(name)}`;

/** The spec's cloud storage calls and the blobs' own URLs (docs/files.md). */
export const storageRoutes: FastifyPluginAsync<StorageRoutesOptions> = async (app, options) => {
  const storage = app.storage;
  const signer = createUrlSigner(options.authSecret);
  const requester = createFileRequester(app, signer);
  const access = createBlobAccess(app.db);
  const signedPathOf = (container: string, name: string) => `storage/${container}/${name}`;

  const toContainer = (container: ContainerInfo) => ({
    name: container.name,
    public: container.public,
    system: isSystemContainer(container.name),
    lastModified: container.lastModified.toISOString(),
  });

  /** A blob anyone reads at its stable URL; any other with a link signed for `userId`. */
  const toBlob = (info: BlobInfo, readableByAnyone: boolean, userId: string): Blob => {
    let url = blobPath(info.container, info.name);
    if (!readableByAnyone) {
      const { token } = signer.sign(signedPathOf(info.container, info.name), userId, FILE_LINK_TTL_SECONDS);
      url += `?token=${encodeURIComponent(token)}`;
    }
    return {
      id: `${info.container}/${info.name}`,
      url,
      name: info.name,
      contentType: info.contentType,
      contentLength: info.contentLength,
      lastModified: info.lastModified.toISOString(),
    };
  };

  const existingContainer = async (name: string) => {
    const container = await storage.getContainer(name);
    if (!container) throw containerMissing();
    return container;
  };

  app.serve(storageApi.listContainers, async () => ({
    containers: (await storage.listContainers()).map(toContainer),
  }));

  app.serve(storageApi.containerExists, async (request) => ({
    exists: (await storage.getContainer(request.body.containerName)) !== null,
  }));

  app.serve(storageApi.createContainer, async (request) => {
    const { containerName, public: isPublic } = request.body;
    const { container } = await storage.createContainer(containerName, { public: isPublic });
    return toContainer(container);
  });

  app.serve(storageApi.deleteContainer, async (request) => {
    const { containerName } = request.body;
    if (isSystemContainer(containerName)) throw new HttpError(409, FILE_MSG.containerCannotDelete);
    if (!(await storage.deleteContainer(containerName))) throw containerMissing();
    return { message: MSG.deleted };
  });

  app.serve(storageApi.listBlobs, async (request) => {
    const container = await existingContainer(request.body.containerName);
    const blobs = await storage.listBlobs(container.name);
    if (!blobs) throw containerMissing();
    const user = currentUser(request);
    const readersOf = await access.readersOfAll(container);
    // Only what the caller may read: another admin's private part images are not his to know of.
    return {
      blobs: blobs.flatMap((blob) => {
        const readers = readersOf(blob.name);
        return mayRead(readers, user) ? [toBlob(blob, readers.kind === 'anyone', user.id)] : [];
      }),
    };
  });

  app.serve(storageApi.deleteBlob, async (request) => {
    const { containerName, fileName } = request.body;
    if (isSystemContainer(containerName)) throw reserved();
    await existingContainer(containerName);
    if (!(await storage.deleteBlob(containerName, fileName))) throw new HttpError(404, FILE_MSG.blobNotFound);
    return { message: MSG.deleted };
  });

  app.serve(storageApi.downloadBlob, async (request, reply) => {
    const { containerName, fileName } = request.body;
    const container = await existingContainer(containerName);
    if (!mayRead(await access.readersOf(container, fileName), currentUser(request))) {
      throw new HttpError(404, FILE_MSG.blobNotFound);
    }
    const sent = await sendBlob(
      storage,
      request,
      reply,
      { container: containerName, name: fileName },
      { cacheControl: 'private, no-cache', fileName, attachment: true },
    );
    if (!sent) throw new HttpError(404, FILE_MSG.blobNotFound);
    return reply;
  });

  app.serve(storageApi.blob, async (request, reply) => {
    const { container: containerName, name } = request.params;
    // Only names the storage could hold: anything else (traversal, control characters) is unknown.
    if (!isContainerName(containerName) || !isBlobName(name)) throw notFound();
    const container = await storage.getContainer(containerName);
    if (!container) throw notFound();
    const readers = await access.readersOf(container, name);
    const asker = () => requester(request, signedPathOf(containerName, name), request.query.token);
    if (readers.kind === 'admins') {
      // Private containers are the admins' (the portal's own files have routes of their own).
      if (!mayRead(readers, await asker())) throw forbidden();
    } else if (readers.kind !== 'anyone') {
      // A private part image is unknown to anyone but its owner, signed in or not.
      const user = await asker().catch(() => null);
      if (!mayRead(readers, user)) throw notFound();
    }
    const sent = await sendBlob(
      storage,
      request,
      reply,
      { container: containerName, name },
      {
        // Public blobs keep their URL when replaced: caches ask again (cheaply, by ETag) each time.
        cacheControl: readers.kind === 'anyone' ? 'public, no-cache' : 'private, no-cache',
        fileName: name,
        attachment: request.query.download === '1',
      },
    );
    if (!sent) throw notFound();
    return reply;
  });

  // The upload in a scope of its own: only it takes a multipart form, read as it arrives.
  await app.register(async (upload) => {
    streamMultipartBodies(upload);

    upload.serve(storageApi.uploadBlob, async (request) => {
      const user = currentUser(request);
      /** The container and blob name the fields ask for: checked before a byte of the file is stored. */
      const target = (fields: ReadonlyMap<string, string>, sentName: string | undefined) => {
        const containerName = parseField(ContainerNameSchema, 'containerName', fields.get('containerName'));
        const givenName = fields.get('fileName');
        const fileName =
          givenName !== undefined && givenName !== ''
            ? parseField(FileNameSchema, 'fileName', givenName)
            : cleanFileName(sentName ?? '');
        if (!fileName) throw new HttpError(400, MSG.invalidRequest, { fileName: FILE_MSG.invalidFileName });
        if (isSystemContainer(containerName)) throw reserved();
        return { containerName, fileName };
      };
      const form = await readStreamedForm(request, {
        maxFileBytes: options.fileMaxBytes,
        overheadBytes: FORM_OVERHEAD_BYTES,
        onFile: async (part, fieldsSoFar) => {
          // The fields come first (the spec's form): the file goes straight to its blob.
          const { containerName, fileName } = target(fieldsSoFar, part.fileName);
          const { head, body } = await sniffStream(part.stream, SNIFF_BYTES);
          if (head.length === 0) throw new HttpError(400, MSG.invalidRequest, { file: MSG.required });
          const contentType = allowedContentType(head, DOCUMENT_TYPES);
          if (!contentType) throw new HttpError(415, FILE_MSG.fileTypeInvalid);
          // The spec: an upload creates its container when missing, with public access.
          const { blob, container } = await storage.uploadBlobStream(
            containerName,
            fileName,
            body,
            contentType,
            {
              public: true,
            },
          );
          return { stored: blob, container, fileName };
        },
      });
      if (!form.file) {
        // Check the fields first, as a form without a file may be wrong in them too.
        target(form.fields, undefined);
        throw new HttpError(400, MSG.invalidRequest, { file: MSG.required });
      }
      return toBlob(form.file.stored, form.file.container.public, user.id);
    });
  });
};
