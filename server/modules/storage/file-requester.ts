import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema/users';
import { unauthorized } from '../../lib/http-error';
import type { UrlSigner } from '../../lib/signed-url';
import { bearerToken } from '../../plugins/auth';
import { createUsersRepository } from '../users/users.repository';

/**
 * Who asks for a file on a route that `<img>` and `<iframe>` reach without headers
 * (docs/files.md#urls): the user of a bearer token, or the user a signed `token` for this very
 * path was made for, if he is still active. Answers 401 when neither is given or valid; what he
 * may read is the caller's check, made again on every request.
 */
export function createFileRequester(app: FastifyInstance, signer: UrlSigner) {
  const users = createUsersRepository(app.db);
  return async (request: FastifyRequest, signedPath: string, token: string | undefined): Promise<UserRow> => {
    const bearer = bearerToken(request);
    if (bearer) {
      const signed = await app.accessTokens.resolve(bearer);
      if (signed) return signed.user;
    }
    if (token) {
      const link = signer.verify(signedPath, token);
      const user = link ? await users.findById(link.userId) : undefined;
      if (user?.status === 'active') return user;
    }
    throw unauthorized();
  };
}
