import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { MAX_AVATAR_BYTES } from '../../../contract/constants';
import { ApiErrorSchema } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import {
  MessageResponseSchema,
  PasswordChangeRequestSchema,
  ProfileUpdateSchema,
  ShortcutsRequestSchema,
} from '../../../contract/schemas/account';
import { UserSchema } from '../../../contract/schemas/user';
import { HttpError, notFound, unauthorized } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { toErrorAnswer } from '../../plugins/errors';
import { requestRateLimit } from '../../plugins/rate-limit';
import type { ValibotTypeProvider } from '../../plugins/validation';
import { hashPassword, verifyPassword } from '../users/password';
import { toUser } from '../users/user-mapper';
import { createUsersRepository } from '../users/users.repository';
import {
  AVATAR_FILE_NAME,
  AVATAR_TYPES,
  type AvatarExtension,
  avatarKey,
  detectImageType,
  multipartField,
} from './avatar-file';

export interface ProfileRoutesOptions {
  /** Password changes a minute per user (guessing the current password). */
  passwordRateLimit: number;
}

const bearer = [{ bearerAuth: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ApiErrorSchema]));
/** Room for the multipart framing around the image itself. */
const AVATAR_BODY_LIMIT = MAX_AVATAR_BYTES + 64 * 1024;
const AVATAR_URL_PREFIX = '/api/avatars/';

const tooLarge = () => new HttpError(413, MSG.imageTooLarge);
const wrongType = () => new HttpError(415, MSG.imageTypeInvalid);

/** The signed-in user's own record: profile, password, avatar, shortcuts. */
export const profileRoutes: FastifyPluginAsync<ProfileRoutesOptions> = async (base, options) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();
  const users = createUsersRepository(app.db);
  const signedIn = { onRequest: [app.authenticate] };

  // Only this module takes uploads: a multipart form with the field `file`, or the image as the body.
  for (const type of [/^multipart\/form-data/i, /^image\//i]) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: AVATAR_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
  }

  app.get(
    '/users/me',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: UserSchema, ...errors(401) },
      },
    },
    async (request) => toUser(currentUser(request)),
  );

  app.put(
    '/users/me',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        summary: 'Change the own display name, phone number, notification preference or settings',
        security: bearer,
        body: ProfileUpdateSchema,
        response: { 200: UserSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { settings, ...fields } = request.body;
      const id = currentUser(request).id;
      let row = await users.update(id, fields);
      if (row && settings) row = await users.mergeSettings(id, settings);
      if (!row) throw unauthorized();
      return toUser(row);
    },
  );

  app.post(
    '/users/me/password',
    {
      ...signedIn,
      config: requestRateLimit(options.passwordRateLimit, (request) => currentUser(request).id, 'preHandler'),
      schema: {
        tags: ['profile'],
        summary: 'Change the own password, giving the current one',
        security: bearer,
        body: PasswordChangeRequestSchema,
        response: { 200: MessageResponseSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        throw new HttpError(400, MSG.wrongCurrentPassword, { currentPassword: MSG.wrongCurrentPassword });
      }
      // A new hash also ends every reset link issued before (they carry the old hash's fingerprint).
      await users.update(user.id, { passwordHash: await hashPassword(request.body.password) });
      return { message: MSG.passwordChanged };
    },
  );

  app.put(
    '/users/me/shortcuts',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        summary: 'The navigation items the user pinned, in order',
        security: bearer,
        body: ShortcutsRequestSchema,
        response: { 200: UserSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const row = await users.update(currentUser(request).id, {
        shortcuts: [...new Set(request.body.shortcuts)],
      });
      if (!row) throw unauthorized();
      return toUser(row);
    },
  );

  app.post(
    '/users/me/avatar',
    {
      ...signedIn,
      bodyLimit: AVATAR_BODY_LIMIT,
      // Size and type refusals of the body parser get the avatar's own texts.
      errorHandler: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
        const mapped = error.statusCode === 413 ? tooLarge() : error.statusCode === 415 ? wrongType() : error;
        const { statusCode, body } = toErrorAnswer(mapped);
        return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
      },
      schema: {
        tags: ['profile'],
        summary:
          'Upload the own avatar: multipart field `file` (or the image as body); JPEG, PNG or GIF up to 2 MB',
        security: bearer,
        consumes: ['multipart/form-data', 'image/jpeg', 'image/png', 'image/gif'],
        response: { 200: UserSchema, ...errors(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const contentType = request.headers['content-type'] ?? '';
      if (!Buffer.isBuffer(request.body)) throw wrongType();
      const image = /^multipart\/form-data/i.test(contentType)
        ? multipartField(request.body, contentType, 'file')
        : request.body;
      if (!image || image.length === 0) throw new HttpError(400, MSG.invalidRequest, { file: MSG.required });
      if (image.length > MAX_AVATAR_BYTES) throw tooLarge();
      const extension = detectImageType(image);
      if (!extension) throw wrongType();

      const fileName = `${randomBytes(16).toString('hex')}.${extension}`;
      await app.blobs.put(avatarKey(fileName), image, AVATAR_TYPES[extension]);
      const row = await users.update(user.id, { avatarUrl: `${AVATAR_URL_PREFIX}${fileName}` });
      if (!row) throw unauthorized();
      const previous = user.avatarUrl?.startsWith(AVATAR_URL_PREFIX)
        ? user.avatarUrl.slice(AVATAR_URL_PREFIX.length)
        : null;
      if (previous && AVATAR_FILE_NAME.test(previous)) {
        // The new avatar is in place; a leftover old one costs storage, not correctness.
        await app.blobs
          .delete(avatarKey(previous))
          .catch((error: unknown) => request.log.warn({ err: error, previous }, 'old avatar not deleted'));
      }
      return toUser(row);
    },
  );

  app.get(
    '/avatars/:file',
    {
      schema: {
        tags: ['profile'],
        summary: 'An avatar image (public: its name is random and unguessable)',
        params: v.object({ file: v.pipe(v.string(), v.maxLength(64, MSG.tooLong)) }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      // Only our own names: no path separators, no dots beyond the extension.
      if (!AVATAR_FILE_NAME.test(file)) throw notFound();
      const blob = await app.blobs.get(avatarKey(file));
      if (!blob) throw notFound();
      // The type by the name, as the upload detected it: avatars from before the blob store have
      // no stored type, and a name's extension is never anything but what was detected.
      const extension = file.slice(file.lastIndexOf('.') + 1) as AvatarExtension;
      return reply
        .header('content-type', AVATAR_TYPES[extension])
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(blob.bytes);
    },
  );
};
