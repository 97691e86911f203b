import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { FILE_MSG } from '../../../contract/file-messages';
import { MSG } from '../../../contract/messages';
import { HttpError } from '../../lib/http-error';
import { parseMultipart } from '../../lib/multipart';
import {
  MultipartMalformedError,
  MultipartTooLargeError,
  multipartBoundary,
  readMultipartStream,
  type StreamedFile,
} from '../../lib/multipart-stream';
import { knownServerMessage } from '../../plugins/validation';

/**
 * Lets the routes of `scope` read a multipart body themselves, as it arrives (readStreamedForm),
 * instead of Fastify buffering it: the body stays the request's stream (docs/files.md#limits).
 */
export function streamMultipartBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(/^multipart\/form-data/i, (_request, payload, done) => done(null, payload));
}

const IGNORED = Symbol('a second file');

/**
 * The request's multipart form read as it arrives: its text fields, and what `onFile` made of
 * the `file` field (stored, as a rule) while its bytes came in. 413 past `maxFileBytes` (the file)
 * or that plus `overheadBytes` (the body), 415 for a body that is no well-formed form.
 */
export async function readStreamedForm<T>(
  request: FastifyRequest,
  options: {
    maxFileBytes: number;
    overheadBytes: number;
    onFile: (file: StreamedFile, fieldsSoFar: ReadonlyMap<string, string>) => Promise<T>;
  },
): Promise<{ fields: ReadonlyMap<string, string>; file: T | undefined }> {
  const boundary = multipartBoundary(request.headers['content-type'] ?? '');
  const body = request.body as Readable | undefined;
  if (!boundary || !body || typeof body[Symbol.asyncIterator] !== 'function') {
    throw new HttpError(415, MSG.unsupportedMediaType);
  }
  // A length announced past the limit is refused before a byte is read.
  const announced = Number(request.headers['content-length']);
  if (announced > options.maxFileBytes + options.overheadBytes)
    throw new HttpError(413, FILE_MSG.fileTooLarge);
  let seenFile = false;
  try {
    const { fields, files } = await readMultipartStream<T | typeof IGNORED>(body, boundary, {
      maxBodyBytes: options.maxFileBytes + options.overheadBytes,
      maxFileBytes: options.maxFileBytes,
      fileFields: ['file'],
      // The first `file` counts, as in a buffered form; a second one is read past, not stored.
      onFile: async (file, fieldsSoFar) => {
        if (seenFile) {
          file.stream.resume();
          await finished(file.stream);
          return IGNORED;
        }
        seenFile = true;
        return options.onFile(file, fieldsSoFar);
      },
    });
    return { fields, file: files.find((item): item is T => item !== IGNORED) };
  } catch (error) {
    if (error instanceof MultipartTooLargeError) throw new HttpError(413, FILE_MSG.fileTooLarge);
    if (error instanceof MultipartMalformedError) throw new HttpError(415, MSG.unsupportedMediaType);
    throw error;
  }
}

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
