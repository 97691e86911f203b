import type { FastifyReply } from 'fastify';
import { MSG, type ServerMessage } from '../../contract/messages';

/**
 * An expected failure with the answer the client gets (docs/api.md: `{ message, fieldErrors? }`).
 * Messages come from contract MSG so the browser can translate them.
 */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    message: ServerMessage,
    readonly fieldErrors?: Record<string, ServerMessage>,
  ) {
    super(message);
  }
}

export const unauthorized = () => new HttpError(401, MSG.invalidToken);
export const forbidden = () => new HttpError(403, MSG.forbidden);
export const notFound = (message: ServerMessage = MSG.notFound) => new HttpError(404, message);

/** The 409 of a write whose `baseVersion` is stale: the row as it is now (docs/api.md#versions-conflicts-and-tombstones). */
export const staleVersion = <R extends FastifyReply>(reply: R, current: unknown) =>
  reply.code(409).send({ message: MSG.staleVersion, current });
