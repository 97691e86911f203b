/** Image types accepted as avatars (docs/spec-texts.md#validation-messages: jpeg, jpg, png, gif), told apart by their first bytes. */
export const AVATAR_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
} as const;
export type AvatarExtension = keyof typeof AVATAR_TYPES;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type by magic bytes, never by the file's name or the declared content type. */
export function detectImageType(data: Buffer): AvatarExtension | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

/** Our avatar file names: 32 random hex characters and a known extension; nothing else is served. */
export const AVATAR_FILE_NAME = /^[0-9a-f]{32}\.(jpg|png|gif)$/;

/** Where an avatar lives in the blob store; the filesystem store maps it to `DATA_DIR/avatars/<name>`. */
export const avatarKey = (fileName: string) => `avatars/${fileName}`;

/**
 * The content of the form field `field` of a multipart/form-data body, or null when there is none.
 * Enough of RFC 7578 for one uploaded file (the body is already buffered and size-limited).
 */
export function multipartField(body: Buffer, contentType: string, field: string): Buffer | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return null;
  const delimiter = Buffer.from(`--${marker}`);
  let position = body.indexOf(delimiter);
  while (position !== -1) {
    const partStart = position + delimiter.length;
    // `--` after the delimiter closes the body.
    if (body.subarray(partStart, partStart + 2).toString('latin1') === '--') return null;
    const headersEnd = body.indexOf('\r\n\r\n', partStart);
    if (headersEnd === -1) return null;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd + 4);
    if (next === -1) return null;
    const headers = body.subarray(partStart, headersEnd).toString('utf8');
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers)?.[1];
    if (name === field) return body.subarray(headersEnd + 4, next);
    position = next + 2;
  }
  return null;
}
