import jwt from '@fastify/jwt';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { hasRole, type Role } from '../../contract/roles';
import { type TokenClaims, TokenClaimsSchema } from '../../contract/schemas/user';
import { HOUR_MS } from '../../contract/time';
import type { SessionRow, UserRow } from '../db/schema/users';
import { definePlugin } from '../lib/define-plugin';
import { forbidden, unauthorized } from '../lib/http-error';
import { createSessionCache } from './session-cache';
import { createSessionsRepository, type SessionEndReason } from './sessions.repository';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Pick<TokenClaims, 'sub' | 'role' | 'sid'>;
    user: TokenClaims;
  }
}

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A valid token's user and the session it belongs to. */
export interface Signed {
  user: UserRow;
  session: SessionRow;
}

export interface AccessTokens {
  /** Opens a session for a sign-in and answers its first token. */
  signIn(user: Pick<UserRow, 'id' | 'role'>): Promise<string>;
  /** A fresh token of the same session, never valid past the session's absolute end. */
  renew(signed: Signed): string;
  /** The active user and open session of a token; null for a bad, expired, ended or foreign one. */
  resolve(token: string): Promise<Signed | null>;
  /** Ends the sessions `which` selects and closes their sockets; answers how many ended. */
  end(which: SQL, reason: SessionEndReason): Promise<number>;
  /** Called with the ids of sessions just ended and why (the user socket closes theirs). */
  onEnded(listener: (sessionIds: string[], reason: SessionEndReason) => void): void;
  /** Resolves once sessions and users changed by others (other processes, direct SQL) before the call apply here. */
  settled(): Promise<void>;
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
    /** The session of the request's token; read it through `currentSession(request)`. */
    currentSession: SessionRow | null;
  }
}

export interface AuthPluginOptions {
  secret: string;
  tokenTtlSeconds: number;
  /** Absolute session lifetime (docs/access.md#sessions). */
  sessionMaxSeconds: number;
}
/** Ended and expired sessions are kept this long for the audit trail, then removed. */
const SESSION_HISTORY_MS = 7 * 24 * HOUR_MS;
/** Triggers of migration 0015 send a user's id here when his row or one of his sessions changes. */
const AUTH_CHANGED_CHANNEL = 'auth_changed';

export const authPlugin = definePlugin<AuthPluginOptions>(
  'auth',
  async (app, { secret, tokenTtlSeconds, sessionMaxSeconds }) => {
    await app.register(jwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: tokenTtlSeconds },
      verify: { algorithms: ['HS256'] },
    });
    const sessions = createSessionsRepository(app.db);
    const endedListeners: ((sessionIds: string[], reason: SessionEndReason) => void)[] = [];
    // Lookups are cached only while the NOTIFY subscription is up (docs/api.md#caches-and-their-bounds).
    const cache = createSessionCache(
      (sessionId, userId) => sessions.findOpen(sessionId, userId),
      () => changes.live,
    );
    const changes = await app.listenToDatabase(AUTH_CHANGED_CHANNEL, {
      notify: (userId) => cache.forgetUser(userId),
      reset: () => cache.clear(),
    });
    app.addHook('onClose', async () => {
      cache.close();
      await changes.close();
    });

    /** A token of `session`: the usual lifetime, cut at the session's end. */
    const tokenFor = (user: Pick<UserRow, 'id' | 'role'>, session: SessionRow) => {
      const left = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
      return app.jwt.sign(
        { sub: user.id, role: user.role, sid: session.id },
        { expiresIn: Math.max(1, Math.min(tokenTtlSeconds, left)) },
      );
    };

    const accessTokens: AccessTokens = {
      async signIn(user) {
        const session = await sessions.open(user.id, new Date(Date.now() + sessionMaxSeconds * 1000));
        return tokenFor(user, session);
      },
      renew: ({ user, session }) => tokenFor(user, session),
      async resolve(token) {
        let decoded: unknown;
        try {
          decoded = app.jwt.verify(token);
        } catch {
          return null;
        }
        const claims = v.safeParse(TokenClaimsSchema, decoded);
        if (!claims.success) return null;
        const signed = await cache.lookUp(claims.output.sid, claims.output.sub);
        // findOpen checks the end too, but a cached lookup may be older than the session's end.
        if (!signed || signed.session.expiresAt.getTime() <= Date.now()) return null;
        return signed.user.status === 'active' ? signed : null;
      },
      async end(which, reason) {
        const ended = await sessions.end(which, reason);
        // Ends are rare: forgetting every cached lookup is simpler than finding the ended ones.
        cache.clear();
        if (ended.length > 0) for (const listener of endedListeners) listener(ended, reason);
        return ended.length;
      },
      onEnded: (listener) => {
        endedListeners.push(listener);
      },
      settled: () => changes.settled(),
    };

    app.decorate('accessTokens', accessTokens);
    app.decorateRequest('currentUser', null);
    app.decorateRequest('currentSession', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const signed = token ? await accessTokens.resolve(token) : null;
      if (!signed) throw unauthorized();
      request.currentUser = signed.user;
      request.currentSession = signed.session;
    });

    // A role change ends the user's sessions, so a cached lookup never carries the old role.
    app.decorate('requireRole', (role: Role): AuthHook => {
      return async (request) => {
        if (!hasRole(currentUser(request).role, role)) throw forbidden();
      };
    });

    app.jobs.every(
      'session purge',
      HOUR_MS,
      () => sessions.purge(new Date(Date.now() - SESSION_HISTORY_MS)),
      {
        catchUp: true,
      },
    );
  },
);

const BEARER = /^Bearer\s+(\S{1,4096})\s*$/i;

/** The token of an `Authorization: Bearer …` header, if one is sent. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

/** The signed-in user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/** The session of the signed-in user's token, on a route guarded by `app.authenticate`. */
export function currentSession(request: FastifyRequest): SessionRow {
  if (!request.currentSession) throw unauthorized();
  return request.currentSession;
}
