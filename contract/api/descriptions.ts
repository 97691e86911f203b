import { DeleteResultSchema, IdParamsSchema, IdsBodySchema } from '../schemas/common';
import {
  DescriptionInputSchema,
  DescriptionListResponseSchema,
  DescriptionSchema,
  DescriptionUpdateSchema,
} from '../schemas/description';
import { endpoint } from './endpoint';

const tags = ['descriptions'];

/** The error-code catalogue: everyone signed in reads it, admins and above change it. */
export const descriptionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/descriptions',
    aliases: ['/descriptions-app/descriptions'],
    answer: DescriptionListResponseSchema,
    auth: 'signedIn',
    summary: 'The error-code catalogue, sorted by number',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/descriptions/:id',
    params: IdParamsSchema,
    answer: DescriptionSchema,
    errors: [404],
    auth: 'signedIn',
    summary: 'One catalogue entry; an unknown or deleted id answers 404',
    tags,
  }),
  register: endpoint({
    method: 'POST',
    path: '/descriptions/register',
    aliases: ['/descriptions-app/save-description'],
    body: DescriptionInputSchema,
    answer: DescriptionSchema,
    status: 201,
    errors: [403],
    auth: 'admin',
    summary: 'Add a catalogue entry',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/descriptions/:id',
    aliases: [{ method: 'POST', path: '/descriptions-app/update-description', paramsIn: 'body' }],
    params: IdParamsSchema,
    body: DescriptionUpdateSchema,
    answer: DescriptionSchema,
    errors: [403, 404, 409],
    auth: 'admin',
    summary: 'Change a catalogue entry, optionally made on `baseVersion`',
    tags,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/descriptions/deleteByIds',
    aliases: ['/descriptions-app/remove-descriptions'],
    body: IdsBodySchema,
    answer: DeleteResultSchema,
    errors: [403],
    auth: 'admin',
    summary: 'Delete catalogue entries (they stay as tombstones for sync)',
    tags,
  }),
};
