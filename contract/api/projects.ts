import { DeleteResultSchema, IdParamsSchema, IdsBodySchema } from '../schemas/common';
import {
  OfferPdfQuerySchema,
  ProjectListResponseSchema,
  ProjectRegisterSchema,
  ProjectSchema,
  ProjectUpdateSchema,
} from '../schemas/project';
import { endpoint } from './endpoint';

const tags = ['projects'];

/**
 * Projects with quotes and offers (docs/projects.md). A customer sees his own, a customer admin
 * his company's, admins and devs all; service men none.
 */
export const projectsApi = {
  list: endpoint({
    method: 'GET',
    path: '/projects',
    answer: ProjectListResponseSchema,
    errors: [403],
    auth: 'customer',
    summary: 'The projects the signed-in user sees, newest first',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/projects/:id',
    params: IdParamsSchema,
    answer: ProjectSchema,
    errors: [403, 404],
    auth: 'customer',
    summary:
      'One project; the customer opening a sent offer moves it to "Received offer". Unknown: 404 "Requested project do not exist."',
    tags,
  }),
  register: endpoint({
    method: 'POST',
    path: '/projects/register',
    body: ProjectRegisterSchema,
    answer: ProjectSchema,
    status: 201,
    errors: [403, 404],
    auth: 'customer',
    summary: 'Request an offer (customer) or start a project for a customer (admin)',
    tags,
  }),
  offerPdf: endpoint({
    method: 'GET',
    path: '/projects/:id/offer.pdf',
    params: IdParamsSchema,
    query: OfferPdfQuerySchema,
    errors: [403, 404, 409],
    auth: 'customer',
    file: { types: ['application/pdf'] },
    summary:
      "The offer PDF of a project: staff any time (a preview before sending), the customer's side once it was sent (409 before). `lang` de or en, else the customer's language",
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/projects/:id',
    params: IdParamsSchema,
    body: ProjectUpdateSchema,
    answer: ProjectSchema,
    errors: [403, 404, 409, 429, 502],
    auth: 'customer',
    summary:
      'Change a project; a new `state` must be an allowed move for the role (409 otherwise). "Sent offer" needs line items and mails the customer the offer PDF with an offer number; "Ordered" needs `acceptTerms: true` and an offer still valid, gives the order number and mails a confirmation to the customer and the staff',
    tags,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/projects/deleteByIds',
    body: IdsBodySchema,
    answer: DeleteResultSchema,
    errors: [403, 404, 409],
    auth: 'customer',
    summary:
      'Delete projects: admins any, the customer side only its own still-requested ones (all or nothing: an unknown id answers 404, a quoted one 409)',
    tags,
  }),
};
