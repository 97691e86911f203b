import type { FastifyPluginAsync } from 'fastify';
import { sessionApi } from '../../../contract/api/session';
import { usersApi } from '../../../contract/api/users';
import { MSG } from '../../../contract/messages';
import { grantableRoles, hasRole, type Role } from '../../../contract/roles';
import { toUserOption } from '../../../contract/schemas/user';
import { manageableUsersCondition, mayChange, mayGrant } from '../../access/users';
import { isUniqueViolation } from '../../db/results';
import type { UserRow } from '../../db/schema/users';
import { forbidden, HttpError, notFound, staleVersion, unauthorized } from '../../lib/http-error';
import { createSealedTokens } from '../../lib/sealed-token';
import { currentSession, currentUser } from '../../plugins/auth';
import { failedAttemptLimit, signInRateLimit } from '../../plugins/rate-limit';
import { type SessionEndReason, sessionIs, sessionsOf } from '../../plugins/sessions.repository';
import { STAFF_ROOM, userRoom } from '../../realtime/rooms';
import { userSender } from '../email/mail-quota';
import { sendInvitation } from './invitation';
import { verifyPassword } from './password';
import { toUser } from './user-mapper';
import { createUsersRepository, type UserChanges } from './users.repository';

export interface UsersRoutesOptions {
  loginRateLimit: number;
  /** Failed sign-in attempts a minute per address across emails. */
  addressRateLimit: number;
  /** Seals invitation links. */
  authSecret: string;
  /** The portal's address in mailed links. */
  publicUrl: string;
}

/** One answer for unknown email, wrong password, disabled or invited account: nothing to enumerate. */
const invalidCredentials = () =>
  new HttpError(401, MSG.invalidCredentials, { password: MSG.invalidCredentials });

/** Whether the actor may put a user into any company (docs/access.md#tenants). */
const choosesCompany = (actor: UserRow) => hasRole(actor.role, 'admin');

const duplicateEmail = () => new HttpError(400, MSG.invalidRequest, { email: MSG.emailTaken });

/** Signing in, and managing users (docs/access.md scope): customer and above, each within the users it manages. */
export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (
  app,
  { loginRateLimit, addressRateLimit: addressLimit, authSecret, publicUrl },
) => {
  const users = createUsersRepository(app.db);
  const tokens = createSealedTokens(authSecret);
  // Only failures count: an office or a carrier's address signs many people in at shift start.
  const addressAttempts = failedAttemptLimit('sign-in', addressLimit, MSG.tooManyLogins);
  const signedIn = async (user: UserRow) => ({
    user: toUser(user),
    access_token: await app.accessTokens.signIn(user),
  });

  /** Staff lists and the manager's other devices refetch. */
  function usersChanged(actor: UserRow) {
    app.io.to(STAFF_ROOM).to(userRoom(actor.id)).emit('reload', { entity: 'users' });
  }

  /**
   * A role change, a disable or a delete ends every session of the user (docs/access.md#sessions):
   * his tokens stop working and his sockets close, so no socket keeps the rooms of his old rights.
   */
  async function endSessions(userIds: readonly string[], reason: SessionEndReason) {
    for (const id of userIds) await app.accessTokens.end(sessionsOf(id), reason);
  }

  async function withLifts(row: UserRow) {
    return { ...toUser(row), lifts: await users.liftIdsOf(row.id) };
  }

  /** 400 with `lifts` when any id is not a lift the actor sees. */
  async function checkLifts(actor: UserRow, liftIds: readonly string[] | undefined) {
    if (!liftIds?.length) return;
    const visible = await users.liftsInScope(actor, liftIds);
    if (liftIds.some((id) => !visible.has(id))) {
      throw new HttpError(400, MSG.invalidRequest, { lifts: MSG.liftNotFound });
    }
  }

  async function findManaged(actor: UserRow, id: string) {
    const user = await users.findInScope(id, manageableUsersCondition(actor));
    if (!user) throw notFound(MSG.userNotFound);
    return user;
  }

  app.serve(
    sessionApi.authenticate,
    async (request) => {
      const { email, password } = request.body;
      const user = await users.findByEmail(email);
      // Always verify (a decoy hash when the email is unknown) so timing reveals nothing.
      const passwordMatches = await verifyPassword(user?.passwordHash, password);
      if (!user || !passwordMatches || user.status !== 'active') throw invalidCredentials();
      addressAttempts.succeeded(request);
      return signedIn(user);
    },
    {
      config: signInRateLimit(loginRateLimit),
      preValidation: addressAttempts.check,
    },
  );

  // A fresh token of the same session: renewing never extends the session's absolute end.
  app.serve(sessionApi.authenticateWithToken, async (request) => {
    const signed = await app.accessTokens.resolve(request.body.access_token);
    if (!signed) throw unauthorized();
    return { user: toUser(signed.user), access_token: app.accessTokens.renew(signed) };
  });

  app.serve(sessionApi.logout, async (request) => {
    await app.accessTokens.end(sessionIs(currentSession(request).id), 'logout');
    return { message: MSG.signedOut };
  });

  app.serve(usersApi.list, async (request) => {
    const { page, pageSize, search, role, sort } = request.query;
    const { rows, count } = await users.list({
      page,
      pageSize,
      search: search || undefined,
      role,
      sort,
      scope: manageableUsersCondition(currentUser(request)),
    });
    return { users: rows.map(toUser), count };
  });

  app.serve(usersApi.options, async (request) => {
    const rows = await users.options(manageableUsersCondition(currentUser(request)), request.query.role);
    return rows.map(toUserOption);
  });

  app.serve(usersApi.get, async (request) =>
    withLifts(await findManaged(currentUser(request), request.params.id)),
  );

  // The spec's "register" is the manager's call: the user is created and the invitation mail goes out.
  app.serve(usersApi.create, async (request, reply) => {
    const actor = currentUser(request);
    const { lifts: liftIds, ...fields } = request.body;
    if (!mayGrant(actor.role, fields.role)) throw forbidden();
    await checkLifts(actor, liftIds);
    if (await users.isEmailTaken(fields.email)) throw duplicateEmail();
    // Before the user exists: past a mail limit nothing is created (docs/api.md#rate-limits).
    const mail = await app.mailQuota.take(reply, {
      kind: 'invitation',
      sender: userSender(actor),
      recipients: [fields.email],
    });
    // Only admin and dev choose a company; a customer's or customer admin's users are always in
    // his own, or he could reach another company's people through chat and contacts.
    const companyId = choosesCompany(actor) ? (fields.companyId ?? actor.companyId ?? null) : actor.companyId;
    const created = await users
      .insertWithLifts(
        actor,
        { ...fields, companyId, status: 'invited', passwordHash: null, createdBy: actor.id },
        liftIds,
      )
      .catch(async (error: unknown) => {
        await mail.release();
        throw isUniqueViolation(error) ? duplicateEmail() : error;
      });
    // The user exists even if the mail fails; the manager can send it again (POST /users/:id/invite).
    await mail
      .sending(() => sendInvitation(app.outbox, tokens, publicUrl, created, actor))
      .catch((error: unknown) =>
        request.log.error({ err: error, userId: created.id }, 'invitation mail failed'),
      );
    usersChanged(actor);
    return withLifts(created);
  });

  app.serve(usersApi.update, async (request, reply) => {
    const actor = currentUser(request);
    const target = await findManaged(actor, request.params.id);
    if (!mayChange(actor.role, target.role)) throw forbidden();
    const { baseVersion, lifts: liftIds, status, ...fields } = request.body;
    if (baseVersion !== undefined && baseVersion !== target.version) {
      return staleVersion(reply, await withLifts(target));
    }
    const role: Role = fields.role ?? target.role;
    if (role !== target.role) {
      if (target.id === actor.id) throw forbidden();
      if (!mayGrant(actor.role, role)) throw forbidden();
    }
    if (status === 'active' && target.status === 'invited') {
      // Only registering (with a password of his own) makes an invited user active.
      throw new HttpError(400, MSG.invalidRequest, { status: MSG.invalidValue });
    }
    await checkLifts(actor, liftIds);
    if (fields.email && (await users.isEmailTaken(fields.email, target.id))) throw duplicateEmail();
    const changes: UserChanges = { ...fields };
    if (status) changes.status = status;
    if (!choosesCompany(actor)) delete changes.companyId;
    const updated = await users
      .updateWithLifts(actor, target, changes, liftIds, baseVersion)
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicateEmail() : error;
      });
    if (!updated) {
      const current = await users.findInScope(target.id, manageableUsersCondition(actor));
      if (!current) throw notFound(MSG.userNotFound);
      return staleVersion(reply, await withLifts(current));
    }
    usersChanged(actor);
    if (updated.companyId !== target.companyId || liftIds !== undefined) app.presence.scopeChanged();
    if (updated.status === 'disabled' && target.status !== 'disabled')
      await endSessions([updated.id], 'disabled');
    else if (updated.role !== target.role) await endSessions([updated.id], 'role');
    return withLifts(updated);
  });

  app.serve(usersApi.remove, async (request) => {
    const actor = currentUser(request);
    if (request.body.ids.includes(actor.id)) throw forbidden();
    const ids = [...new Set(request.body.ids)];
    const scope = manageableUsersCondition(actor);
    // All or nothing: one id out of scope answers 404, as a single one would.
    if ((await users.countInScope(ids, scope)) !== ids.length) throw notFound(MSG.userNotFound);
    // Users above the actor's own role (an admin's dev) are seen but not deleted.
    if ((await users.countInScope(ids, scope, grantableRoles(actor.role))) !== ids.length) throw forbidden();
    // Sessions end first: deleting the user removes his session rows with him.
    await endSessions(ids, 'deleted');
    const removed = await users.deleteInScope(ids, scope, actor.id);
    usersChanged(actor);
    return { message: MSG.deleted, deleted: removed.length };
  });

  app.serve(usersApi.resendInvitation, async (request, reply) => {
    const actor = currentUser(request);
    const target = await findManaged(actor, request.params.id);
    if (target.status !== 'invited') throw new HttpError(400, MSG.alreadyRegistered);
    const mail = await app.mailQuota.take(reply, {
      kind: 'invitation',
      sender: userSender(actor),
      recipients: [target.email],
    });
    await mail.sending(() => sendInvitation(app.outbox, tokens, publicUrl, target, actor));
    return { message: MSG.invitationSent };
  });
};
