import { DETECTED_TYPES, detectFileType } from '../../lib/file-type';

/** Image types accepted as avatars (docs/spec-texts.md#validation-messages: jpeg, jpg, png, gif). */
const AVATAR_EXTENSIONS = ['jpg', 'png', 'gif'] as const;
export type AvatarExtension = (typeof AVATAR_EXTENSIONS)[number];

/** The avatar's type by magic bytes (server/lib/file-type.ts), never by its name or declared type. */
export function detectImageType(data: Buffer): AvatarExtension | null {
  const extension = detectFileType(data);
  return AVATAR_EXTENSIONS.find((known) => known === extension) ?? null;
}

export const avatarContentType = (extension: AvatarExtension) => DETECTED_TYPES[extension];

/** Our avatar file names: 32 random hex characters and a known extension; nothing else is served. */
export const AVATAR_FILE_NAME = /^[0-9a-f]{32}\.(jpg|png|gif)$/;
