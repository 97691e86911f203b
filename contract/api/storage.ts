import { MessageResponseSchema } from '../schemas/account';
import {
  BlobListSchema,
  BlobRequestSchema,
  BlobSchema,
  ContainerCreateSchema,
  ContainerExistsSchema,
  ContainerListSchema,
  ContainerRequestSchema,
  ContainerSchema,
  FileDownloadQuerySchema,
  StoredBlobParamsSchema,
} from '../schemas/file';
import { endpoint } from './endpoint';

const tags = ['storage'];

/**
 * The spec's cloud storage calls (docs/files.md). Old clients send several of these paths with a
 * trailing space (`%20`); each is served there too, as an alias.
 */
const azure = (name: string) => ({ path: `/azure/${name}`, aliases: [`/azure/${name} `] });

export const storageApi = {
  listBlobs: endpoint({
    method: 'POST',
    ...azure('getBlobsInContainer'),
    body: ContainerRequestSchema,
    answer: BlobListSchema,
    errors: [403, 404],
    auth: 'admin',
    idempotent: false,
    summary: 'The blobs of a container, by name',
    tags,
  }),
  deleteBlob: endpoint({
    method: 'POST',
    ...azure('deleteBlobInContainer'),
    body: BlobRequestSchema,
    answer: MessageResponseSchema,
    errors: [403, 404, 409],
    auth: 'admin',
    summary: 'Delete a blob (not in the portal’s own containers)',
    tags,
  }),
  downloadBlob: endpoint({
    method: 'POST',
    ...azure('downloadBlobInContainer'),
    body: BlobRequestSchema,
    file: { types: ['application/octet-stream'], ranges: true },
    errors: [403, 404, 416],
    auth: 'admin',
    idempotent: false,
    summary: 'The bytes of a blob, with ETag, Last-Modified and byte ranges',
    tags,
  }),
  uploadBlob: endpoint({
    method: 'POST',
    ...azure('uploadBlobInContainer'),
    body: 'multipart',
    consumes: ['multipart/form-data'],
    answer: BlobSchema,
    status: 201,
    errors: [403, 409, 413, 415],
    auth: 'admin',
    // A browser's form gets a new boundary on every send, so a retry never matches a key's
    // fingerprint; an upload is naturally repeatable (same name, same bytes).
    idempotent: false,
    summary:
      'Upload a blob: form fields `containerName`, `fileName` (else the file’s own name) and `file` (PDF, JPEG, PNG or GIF up to FILE_MAX_MB); creates the container, public, when missing',
    tags,
  }),
  createContainer: endpoint({
    method: 'POST',
    ...azure('createContainerInStorage'),
    body: ContainerCreateSchema,
    answer: ContainerSchema,
    errors: [403],
    auth: 'admin',
    summary: 'Create a container (private unless `public`); an existing one is answered as it is',
    tags,
  }),
  deleteContainer: endpoint({
    method: 'POST',
    ...azure('deleteContainerInStorage'),
    body: ContainerRequestSchema,
    answer: MessageResponseSchema,
    errors: [403, 404, 409],
    auth: 'admin',
    summary: 'Delete a container and its blobs (not the portal’s own containers)',
    tags,
  }),
  listContainers: endpoint({
    method: 'POST',
    ...azure('listContainersInStorage'),
    answer: ContainerListSchema,
    errors: [403],
    auth: 'admin',
    idempotent: false,
    summary: 'Every container, by name',
    tags,
  }),
  containerExists: endpoint({
    method: 'POST',
    ...azure('isExistsContainerInStorage'),
    body: ContainerRequestSchema,
    answer: ContainerExistsSchema,
    errors: [403],
    auth: 'admin',
    idempotent: false,
    summary: 'Whether a container exists',
    tags,
  }),
  blob: endpoint({
    method: 'GET',
    path: '/storage/:container/:name',
    params: StoredBlobParamsSchema,
    query: FileDownloadQuerySchema,
    file: { types: ['application/octet-stream'], ranges: true },
    errors: [404, 416],
    auth: 'public',
    summary:
      'A blob at its stable URL: a public container’s to anyone; a private container’s to admins (token) or with a signed `token` that expires',
    tags,
  }),
};
