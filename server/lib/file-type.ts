/**
 * The type of a file by its first bytes (magic numbers), never by its name or the type a client
 * declares (docs/files.md#content-types). Covers what the portal stores and a few it refuses by name.
 */
export const DETECTED_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
} as const;
export type DetectedExtension = keyof typeof DETECTED_TYPES;
export type DetectedType = (typeof DETECTED_TYPES)[DetectedExtension];

/** Images a user may upload (avatars, photos): jpeg, jpg, png and gif (docs/spec-texts.md). */
export const IMAGE_TYPES: readonly DetectedType[] = ['image/jpeg', 'image/png', 'image/gif'];
/** Documents (lift files, storage blobs): those images and PDF. */
export const DOCUMENT_TYPES: readonly DetectedType[] = [...IMAGE_TYPES, 'application/pdf'];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The detected extension, or null for bytes of no type we know. */
export function detectFileType(data: Buffer): DetectedExtension | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  // PDF readers accept the header within the first KB (after a BOM or junk); we ask for it at the start.
  if (head.startsWith('%PDF-')) return 'pdf';
  return null;
}

/** The content type of `data` when it is one of `allowed`, otherwise null. */
export function allowedContentType(data: Buffer, allowed: readonly DetectedType[]): DetectedType | null {
  const extension = detectFileType(data);
  if (!extension) return null;
  const type = DETECTED_TYPES[extension];
  return allowed.includes(type) ? type : null;
}
