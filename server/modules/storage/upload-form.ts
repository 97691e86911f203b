import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { MSG } from '../../../contract/messages';
import { HttpError } from '../../lib/http-error';
import { parseMultipart } from '../../lib/multipart';
import { knownServerMessage } from '../../plugins/validation';

/** The parts of the request's multipart form; 415 for any other body. */
export function readForm(request: FastifyRequest) {
  const contentType = request.headers['content-type'] ?? '';
  const form =
    Buffer.isBuffer(request.body) && /^multipart\/form-data/i.test(contentType)
      ? parseMultipart(request.body, contentType)
      : null;
  if (!form) throw new HttpError(415, MSG.unsupportedMediaType);
  return form;
}

/** A form field checked with the contract's schema, as the JSON calls check theirs. */
export function parseField<T>(
  schema: v.GenericSchema<unknown, T>,
  field: string,
  value: string | undefined,
): T {
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) {
    const message = knownServerMessage(parsed.issues[0]?.message);
    throw new HttpError(400, MSG.invalidRequest, {
      [field]: message ?? (value === undefined ? MSG.required : MSG.invalidValue),
    });
  }
  return parsed.output;
}
