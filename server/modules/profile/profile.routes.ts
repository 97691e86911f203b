import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { profileApi } from '../../../contract/api/profile';
import { MAX_AVATAR_BYTES } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { sendBlob } from '../../integrations/blob/send-blob';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { HttpError, notFound, unauthorized } from '../../lib/http-error';
import { formPart, parseMultipart } from '../../lib/multipart';
import { currentSession, currentUser } from '../../plugins/auth';
import { requestRateLimit } from '../../plugins/rate-limit';
import { sessionsOf } from '../../plugins/sessions.repository';
import { hashPassword, verifyPassword } from '../users/password';
import { toUser } from '../users/user-mapper';
import { createUsersRepository } from '../users/users.repository';
import { AVATAR_FILE_NAME, type AvatarExtension, avatarContentType, detectImageType } from './avatar-file';

export interface ProfileRoutesOptions {
  /** Password changes a minute per user (guessing the current password). */
  passwordRateLimit: number;
}

/** Room for the multipart framing around the image itself. */
const AVATAR_BODY_LIMIT = MAX_AVATAR_BYTES + 64 * 1024;
const AVATAR_URL_PREFIX = '/api/avatars/';
const AVATARS = SYSTEM_CONTAINERS.avatars;

const tooLarge = () => new HttpError(413, MSG.imageTooLarge);
const wrongType = () => new HttpError(415, MSG.imageTypeInvalid);

/** The signed-in user's own record: profile, settings, password, shortcuts, avatar. */
export const profileRoutes: FastifyPluginAsync<ProfileRoutesOptions> = async (app, options) => {
  const users = createUsersRepository(app.db);

  app.serve(profileApi.me, async (request) => toUser(currentUser(request)));

  app.serve(profileApi.update, async (request) => {
    const { settings, ...fields } = request.body;
    const id = currentUser(request).id;
    let row = await users.update(id, fields);
    if (row && settings) row = await users.mergeSettings(id, settings);
    if (!row) throw unauthorized();
    return toUser(row);
  });

  app.serve(profileApi.settings, async (request) => {
    const updated = await users.mergeSettings(currentUser(request).id, request.body);
    if (!updated) throw unauthorized();
    return toUser(updated);
  });

  app.serve(
    profileApi.changePassword,
    async (request) => {
      const user = currentUser(request);
      if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        throw new HttpError(400, MSG.wrongCurrentPassword, { currentPassword: MSG.wrongCurrentPassword });
      }
      // A new hash also ends every reset link issued before (they carry the old hash's fingerprint).
      await users.update(user.id, { passwordHash: await hashPassword(request.body.password) });
      // Every other session ends (a thief's too); the one that changed it stays signed in.
      await app.accessTokens.end(sessionsOf(user.id, currentSession(request).id), 'password');
      return { message: MSG.passwordChanged };
    },
    {
      config: requestRateLimit(options.passwordRateLimit, (request) => currentUser(request).id, 'preHandler'),
    },
  );

  app.serve(profileApi.shortcuts, async (request) => {
    const row = await users.update(currentUser(request).id, {
      shortcuts: [...new Set(request.body.shortcuts)],
    });
    if (!row) throw unauthorized();
    return toUser(row);
  });

  // The upload in a scope of its own: only it takes a multipart form (field `file`) or the image as
  // the body, and the body parser's size and type refusals get the avatar's own texts.
  await app.register(async (upload) => {
    for (const type of [/^multipart\/form-data/i, /^image\//i]) {
      upload.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: AVATAR_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
    }
    upload.setErrorHandler((error: FastifyError) => {
      // Thrown on to the app's error handler, which answers it.
      throw error.statusCode === 413 ? tooLarge() : error.statusCode === 415 ? wrongType() : error;
    });

    upload.serve(
      profileApi.uploadAvatar,
      async (request) => {
        const user = currentUser(request);
        const contentType = request.headers['content-type'] ?? '';
        if (!Buffer.isBuffer(request.body)) throw wrongType();
        const image = /^multipart\/form-data/i.test(contentType)
          ? formPart(parseMultipart(request.body, contentType) ?? [], 'file')?.data
          : request.body;
        if (!image || image.length === 0)
          throw new HttpError(400, MSG.invalidRequest, { file: MSG.required });
        if (image.length > MAX_AVATAR_BYTES) throw tooLarge();
        const extension = detectImageType(image);
        if (!extension) throw wrongType();

        const fileName = `${randomBytes(16).toString('hex')}.${extension}`;
        await app.storage.putBlob(AVATARS, fileName, Buffer.from(image), avatarContentType(extension));
        const row = await users.update(user.id, { avatarUrl: `${AVATAR_URL_PREFIX}${fileName}` });
        if (!row) throw unauthorized();
        const previous = user.avatarUrl?.startsWith(AVATAR_URL_PREFIX)
          ? user.avatarUrl.slice(AVATAR_URL_PREFIX.length)
          : null;
        if (previous && AVATAR_FILE_NAME.test(previous)) {
          // The new avatar is in place; a leftover old one costs storage, not correctness.
          await app.storage
            .deleteBlob(AVATARS, previous)
            .catch((error: unknown) => request.log.warn({ err: error, previous }, 'old avatar not deleted'));
        }
        return toUser(row);
      },
      { bodyLimit: AVATAR_BODY_LIMIT },
    );
  });

  app.serve(profileApi.avatar, async (request, reply) => {
    const { file } = request.params;
    // Only our own names: no path separators, no dots beyond the extension.
    if (!AVATAR_FILE_NAME.test(file)) throw notFound();
    // The type by the name, as the upload detected it: avatars from before the storage have no
    // stored type, and a name's extension is never anything but what was detected.
    const extension = file.slice(file.lastIndexOf('.') + 1) as AvatarExtension;
    const sent = await sendBlob(
      app.storage,
      request,
      reply,
      { container: AVATARS, name: file },
      // A name is never reused for other bytes.
      { cacheControl: 'public, max-age=31536000, immutable', contentType: avatarContentType(extension) },
    );
    if (!sent) throw notFound();
    return reply;
  });
};
