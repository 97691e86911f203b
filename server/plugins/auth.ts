import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { hasRole, type Role } from '../../contract/roles';
import { type TokenClaims, TokenClaimsSchema } from '../../contract/schemas/user';
import type { UserRow } from '../db/schema';
import { definePlugin } from '../lib/define-plugin';
import { forbidden, unauthorized } from '../lib/http-error';
import { createUsersRepository } from '../modules/users/users.repository';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Pick<TokenClaims, 'sub' | 'role'>;
    user: TokenClaims;
  }
}

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface AccessTokens {
  /** A signed token with the contract's claims (sub, role, iat, exp). */
  issue(user: Pick<UserRow, 'id' | 'role'>): string;
  /** The active user a token belongs to; null for a bad, expired or foreign token, or a gone/disabled user. */
  resolveUser(token: string): Promise<UserRow | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** onRequest hook: 401 `Invalid access_token` unless a valid Bearer token of an active user is sent. */
    authenticate: AuthHook;
    /** onRequest hook after `authenticate`: 403 unless the user has `role` or a higher one. */
    requireRole(role: Role): AuthHook;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; read it through `currentUser(request)`. */
    currentUser: UserRow | null;
  }
}

export interface AuthPluginOptions {
  secret: string;
  tokenTtlSeconds: number;
}

const BEARER = /^Bearer\s+(\S{1,4096})\s*$/i;

export const authPlugin = definePlugin<AuthPluginOptions>(
  'auth',
  async (app, { secret, tokenTtlSeconds }) => {
    await app.register(jwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: tokenTtlSeconds },
      verify: { algorithms: ['HS256'] },
    });
    const users = createUsersRepository(app.db);

    const accessTokens: AccessTokens = {
      issue: (user) => app.jwt.sign({ sub: user.id, role: user.role }),
      async resolveUser(token) {
        let decoded: unknown;
        try {
          decoded = app.jwt.verify(token);
        } catch {
          return null;
        }
        const claims = v.safeParse(TokenClaimsSchema, decoded);
        if (!claims.success) return null;
        const user = await users.findById(claims.output.sub);
        return user?.status === 'active' ? user : null;
      },
    };

    app.decorate('accessTokens', accessTokens);
    app.decorateRequest('currentUser', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const user = token ? await accessTokens.resolveUser(token) : null;
      if (!user) throw unauthorized();
      request.currentUser = user;
    });

    // The role is read from the database on each request, so a changed role applies at once.
    app.decorate('requireRole', (role: Role): AuthHook => {
      return async (request) => {
        if (!hasRole(currentUser(request).role, role)) throw forbidden();
      };
    });
  },
);

/** The signed-in user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
