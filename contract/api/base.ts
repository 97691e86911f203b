import {
  BaseDeleteResultSchema,
  BaseEntryInputSchema,
  BaseEntrySchema,
  BaseEntryUpdateSchema,
  BaseListResponseSchema,
} from '../schemas/base';
import { IdParamsSchema, IdsBodySchema } from '../schemas/common';
import { endpoint } from './endpoint';

const tags = ['base'];

/** Base data (docs/base-data.md): everyone signed in reads it, admins and above write it. */
export const baseApi = {
  list: endpoint({
    method: 'GET',
    path: '/base',
    aliases: ['/base-app/base'],
    answer: BaseListResponseSchema,
    auth: 'signedIn',
    summary: 'Every live base data entry, active or not, by category and sort order',
    tags,
  }),
  register: endpoint({
    method: 'POST',
    path: '/base/register',
    body: BaseEntryInputSchema,
    answer: BaseEntrySchema,
    status: 201,
    errors: [403, 409],
    auth: 'admin',
    summary: 'Add an entry to a category (its key unique in the category)',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/base/:id',
    params: IdParamsSchema,
    body: BaseEntryUpdateSchema,
    answer: BaseEntrySchema,
    errors: [403, 404, 409],
    auth: 'admin',
    summary: 'Change an entry (labels, sort, active), optionally made on `baseVersion`',
    tags,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/base/deleteByIds',
    body: IdsBodySchema,
    answer: BaseDeleteResultSchema,
    errors: [403],
    auth: 'admin',
    summary: 'Delete entries; an entry a project uses is deactivated instead',
    tags,
  }),
};
