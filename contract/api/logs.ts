import { DeleteResultSchema, IdsBodySchema } from '../schemas/common';
import { LogListResponseSchema, LogQuerySchema } from '../schemas/log';
import { endpoint } from './endpoint';

const tags = ['logs'];

/** Server and device events, for devs. */
export const logsApi = {
  list: endpoint({
    method: 'GET',
    path: '/logs/getByPagenation',
    query: LogQuerySchema,
    answer: LogListResponseSchema,
    errors: [403],
    auth: 'dev',
    summary: 'Server and device events, newest first',
    tags,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/logs/deleteByIds',
    body: IdsBodySchema,
    answer: DeleteResultSchema,
    errors: [403],
    auth: 'dev',
    summary: 'Delete log entries',
    tags,
  }),
  removeAll: endpoint({
    method: 'POST',
    path: '/logs/deleteAll',
    answer: DeleteResultSchema,
    errors: [403],
    auth: 'dev',
    summary: 'Delete every log entry',
    tags,
  }),
};
