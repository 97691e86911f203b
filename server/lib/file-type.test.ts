import { describe, expect, it } from 'vitest';
import { allowedContentType, DOCUMENT_TYPES, detectFileType, IMAGE_TYPES } from './file-type';
import { createUrlSigner } from './signed-url';

describe('detectFileType', () => {
  it('tells JPEG, PNG, GIF, WebP and PDF by their first bytes, whatever else follows', () => {
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe('jpg');
    expect(detectFileType(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(detectFileType(Buffer.from('GIF87a...'))).toBe('gif');
    expect(detectFileType(Buffer.from('GIF89a'))).toBe('gif');
    expect(detectFileType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(detectFileType(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
  });

  it('knows nothing of text, markup, short or empty files', () => {
    for (const text of ['', '%PD', '<svg/>', '<html>', 'GIF8', 'RIFF\0\0\0\0WAVE', ' %PDF-1.4']) {
      expect(detectFileType(Buffer.from(text)), text).toBeNull();
    }
  });

  it('lets images through as images, PDF only as a document', () => {
    const pdf = Buffer.from('%PDF-1.4');
    const webp = Buffer.from('RIFF\0\0\0\0WEBPVP8 ');
    expect(allowedContentType(pdf, IMAGE_TYPES)).toBeNull();
    expect(allowedContentType(pdf, DOCUMENT_TYPES)).toBe('application/pdf');
    expect(allowedContentType(webp, DOCUMENT_TYPES)).toBeNull();
    expect(allowedContentType(Buffer.from('GIF89a'), IMAGE_TYPES)).toBe('image/gif');
  });
});

describe('signed file links', () => {
  const user = '0b7c1f2e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';

  it('open the path they were made for, for their user, until they expire', () => {
    let now = 1_800_000_000_000;
    const signer = createUrlSigner('a secret that is long enough for the key', () => now);
    const { token, expiresAt } = signer.sign('files/1/content', user, 60);

    expect(expiresAt.getTime()).toBe(now + 60_000);
    expect(signer.verify('files/1/content', token)).toEqual({ userId: user, exp: (now + 60_000) / 1000 });
    expect(signer.verify('files/2/content', token)).toBeNull();
    expect(signer.verify('files/1/content', token.replace(user, user.replace('0b', '0c')))).toBeNull();
    expect(signer.verify('files/1/content', `${token.slice(0, -1)}A`)).toBeNull();
    expect(
      createUrlSigner('another secret, long enough as well').verify('files/1/content', token),
    ).toBeNull();
    now += 60_000;
    expect(signer.verify('files/1/content', token)).toBeNull();
  });
});
