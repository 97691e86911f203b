import type { FastifyError } from 'fastify';
import type { ApiError } from '../../contract/errors';
import { MSG, type ServerMessage } from '../../contract/messages';
import { definePlugin } from '../lib/define-plugin';
import { HttpError } from '../lib/http-error';
import { RequestValidationError } from './validation';

/** Texts for client errors raised by Fastify itself or by a plugin (their own texts are not translatable). */
const MESSAGE_BY_STATUS: Record<number, ServerMessage> = {
  400: MSG.invalidRequest,
  401: MSG.invalidToken,
  403: MSG.forbidden,
  404: MSG.notFound,
  413: MSG.payloadTooLarge,
  415: MSG.unsupportedMediaType,
  429: MSG.tooManyRequests,
};

interface ErrorAnswer {
  statusCode: number;
  body: ApiError;
}

export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof RequestValidationError) {
    const { fieldErrors } = error;
    return {
      statusCode: 400,
      body: Object.keys(fieldErrors).length
        ? { message: MSG.invalidRequest, fieldErrors }
        : { message: MSG.invalidRequest },
    };
  }
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      body: error.fieldErrors
        ? { message: error.message, fieldErrors: error.fieldErrors }
        : { message: error.message },
    };
  }
  const statusCode = (error as Partial<FastifyError> | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { statusCode, body: { message: MESSAGE_BY_STATUS[statusCode] ?? MSG.invalidRequest } };
  }
  return { statusCode: 500, body: { message: MSG.serverError } };
}

/** Every error under the app answers docs/api.md's `{ message, fieldErrors? }`, with no internals. */
export const errorsPlugin = definePlugin('errors', async (app) => {
  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body } = toErrorAnswer(error);
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.debug({ err: error, statusCode }, 'request rejected');
    }
    return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
  });

  // An answer given before the request's body was read to its end (a file of the wrong type, a
  // reserved container, a size over the limit) leaves the rest of the body on the connection, where
  // the next request would wait behind it until Node's request timeout (408). Such a connection is
  // closed after the answer, as Fastify does when its own body parser fails. Injected requests
  // (tests) have no `complete`.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete === false && request.raw.httpVersionMajor === 1)
      reply.header('connection', 'close');
    return payload;
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MSG.notFound }));
});
