import { MessageResponseSchema } from '../schemas/account';
import { IdParamsSchema } from '../schemas/common';
import {
  FileDownloadQuerySchema,
  FileLinkSchema,
  LiftFileListSchema,
  LiftFileSchema,
  LiftFilesQuerySchema,
} from '../schemas/file';
import { endpoint } from './endpoint';

const tags = ['files'];

/** Files attached to lifts: documents and photos, scoped like the lift (docs/files.md#lift-files). */
export const filesApi = {
  byLift: endpoint({
    method: 'GET',
    path: '/files/getByLiftId',
    query: LiftFilesQuerySchema,
    answer: LiftFileListSchema,
    errors: [404],
    auth: 'signedIn',
    summary: 'The files of a lift the signed-in user sees, newest first',
    tags,
  }),
  register: endpoint({
    method: 'POST',
    path: '/files/register',
    // JSON (LiftFileRegisterSchema) or a multipart form: the route checks either (docs/files.md).
    body: 'multipart',
    consumes: ['application/json', 'multipart/form-data'],
    answer: LiftFileSchema,
    status: 201,
    errors: [403, 404, 413, 415],
    auth: 'service_man',
    // `uid` makes it repeatable: the same uid answers the same row (a multipart form's boundary
    // changes on every send, so an Idempotency-Key could never match a retry).
    idempotent: false,
    summary:
      'Add a file to a lift: JSON `{ uid, liftId, name, size, type, url }` registers a link; multipart/form-data `file`, `liftId`, `uid` and optionally `name` stores the bytes (PDF, JPEG, PNG or GIF up to FILE_MAX_MB). A repeated `uid` answers the existing row',
    tags,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/files/:id',
    params: IdParamsSchema,
    answer: MessageResponseSchema,
    errors: [403, 404],
    auth: 'service_man',
    summary: 'Delete a lift file: admins, customer admins of the lift, and whoever added it',
    tags,
  }),
  content: endpoint({
    method: 'GET',
    path: '/files/:id/content',
    params: IdParamsSchema,
    query: FileDownloadQuerySchema,
    file: { types: ['application/pdf', 'image/jpeg', 'image/png', 'image/gif'], ranges: true },
    errors: [404, 416],
    auth: 'public',
    summary:
      'The bytes of a stored lift file, to users who see the lift: with their token, or a signed `token` that expires',
    tags,
  }),
  link: endpoint({
    method: 'GET',
    path: '/files/:id/link',
    params: IdParamsSchema,
    answer: FileLinkSchema,
    errors: [404],
    auth: 'signedIn',
    summary: 'A signed link to a stored lift file, for the browser’s `<img>` and `<iframe>`',
    tags,
  }),
};
