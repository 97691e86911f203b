import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formData } from '../modules/storage/storage-fixtures';
import {
  MultipartMalformedError,
  MultipartTooLargeError,
  multipartBoundary,
  partialDelimiterAtEnd,
  readMultipartStream,
  sniffStream,
} from './multipart-stream';

/** The body in chunks of `size` bytes, as a socket may cut it (a delimiter split across two chunks). */
function chunked(body: Buffer, size: number): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) chunks.push(body.subarray(at, at + size));
  return Readable.from(chunks);
}

const collect = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const limits = { maxBodyBytes: 1024 * 1024, maxFileBytes: 512 * 1024, fileFields: ['file'] };

describe('readMultipartStream', () => {
  it('hands on the file with the fields sent before it, however the body is cut', async () => {
    const content = randomBytes(200_000);
    // Bytes that look like the start of a delimiter inside the file must stay file bytes.
    content.write('\r\n--', 1000, 'latin1');
    const form = formData({ uid: 'u-1', liftId: 'lift-ä' }, { fileName: 'a.pdf', type: 'x', content });
    const boundary = multipartBoundary(form.headers['content-type']);
    if (!boundary) throw new Error('no boundary');
    for (const size of [1, 7, 70, 4096, 65_536, form.payload.length]) {
      const seen: { before: Record<string, string>; fileName: string | undefined }[] = [];
      const result = await readMultipartStream(chunked(form.payload, size), boundary, {
        ...limits,
        onFile: async (file, fields) => {
          seen.push({ before: Object.fromEntries(fields), fileName: file.fileName });
          return collect(file.stream);
        },
      });
      expect(Object.fromEntries(result.fields)).toEqual({ uid: 'u-1', liftId: 'lift-ä' });
      expect(seen).toEqual([{ before: { uid: 'u-1', liftId: 'lift-ä' }, fileName: 'a.pdf' }]);
      expect(result.files[0]?.equals(content)).toBe(true);
    }
  });

  it('keeps back only what may start a delimiter, wherever a chunk ends', async () => {
    const delimiter = Buffer.from('\r\n--xyz');
    expect(partialDelimiterAtEnd(Buffer.from('abc'), delimiter)).toBe(0);
    expect(partialDelimiterAtEnd(Buffer.from('abc\r'), delimiter)).toBe(1);
    expect(partialDelimiterAtEnd(Buffer.from('abc\r\n--xy'), delimiter)).toBe(6);
    expect(partialDelimiterAtEnd(Buffer.from('abc\r\n-a'), delimiter)).toBe(0);
    expect(partialDelimiterAtEnd(Buffer.from('\r\r\n'), delimiter)).toBe(2);

    const content = Buffer.concat([randomBytes(3000), Buffer.from('\r\n--'), randomBytes(3000)]);
    const form = formData({ uid: 'u-2' }, { fileName: 'b.pdf', type: 'x', content });
    const boundary = multipartBoundary(form.headers['content-type']);
    if (!boundary) throw new Error('no boundary');
    const fileEnd = form.payload.indexOf(`\r\n--${boundary}--`);
    // Cut in two at each byte around the look-alike in the file and around the closing delimiter.
    const cuts = [...Array(80).keys()].flatMap((offset) => [
      form.payload.indexOf(content) + 2990 + offset,
      fileEnd - 10 + offset,
    ]);
    for (const cut of cuts) {
      const body = Readable.from([form.payload.subarray(0, cut), form.payload.subarray(cut)]);
      const result = await readMultipartStream(body, boundary, {
        ...limits,
        onFile: async (file) => collect(file.stream),
      });
      expect(result.files[0]?.equals(content), `cut at ${cut}`).toBe(true);
    }
  });

  it('refuses a file past its limit and a body past its own, and says the stream broke off', async () => {
    const form = formData({}, { fileName: 'big.bin', type: 'x', content: Buffer.alloc(600 * 1024) });
    const boundary = multipartBoundary(form.headers['content-type']) ?? '';
    let takerSaw: unknown = null;
    await expect(
      readMultipartStream(chunked(form.payload, 65_536), boundary, {
        ...limits,
        onFile: (file) =>
          collect(file.stream).catch((error: unknown) => {
            takerSaw = error;
            throw error;
          }),
      }),
    ).rejects.toBeInstanceOf(MultipartTooLargeError);
    expect(takerSaw).toBeInstanceOf(MultipartTooLargeError);
    await expect(
      readMultipartStream(chunked(form.payload, 65_536), boundary, {
        ...limits,
        maxBodyBytes: 100_000,
        onFile: (file) => collect(file.stream),
      }),
    ).rejects.toBeInstanceOf(MultipartTooLargeError);
  });

  it('stops reading when the taker refuses the file, with the taker’s error', async () => {
    const form = formData({}, { fileName: 'x.exe', type: 'x', content: Buffer.alloc(300 * 1024, 1) });
    const boundary = multipartBoundary(form.headers['content-type']) ?? '';
    const refused = new Error('refused');
    await expect(
      readMultipartStream(chunked(form.payload, 16_384), boundary, {
        ...limits,
        onFile: async (file) => {
          await sniffStream(file.stream, 16);
          throw refused;
        },
      }),
    ).rejects.toBe(refused);
  });

  it('refuses a cut-off body and answers null for a body that is no form', async () => {
    const form = formData({ a: '1' });
    const boundary = multipartBoundary(form.headers['content-type']) ?? '';
    await expect(
      readMultipartStream(chunked(form.payload.subarray(0, form.payload.length - 8), 5), boundary, {
        ...limits,
        onFile: (file) => collect(file.stream),
      }),
    ).rejects.toBeInstanceOf(MultipartMalformedError);
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
  });
});

describe('sniffStream', () => {
  it('answers the first bytes and the whole stream again', async () => {
    const bytes = randomBytes(5000);
    const { head, body } = await sniffStream(chunked(bytes, 3), 16);
    expect(head.length).toBeGreaterThanOrEqual(16);
    expect(bytes.subarray(0, head.length).equals(head)).toBe(true);
    expect((await collect(body)).equals(bytes)).toBe(true);
    const short = await sniffStream(Readable.from([Buffer.from('ab')]), 16);
    expect(short.head.toString()).toBe('ab');
    expect((await collect(short.body)).toString()).toBe('ab');
  });

  it('answers the whole of a stream that ended before it was looked at, and a broken stream’s error', async () => {
    const ended = new PassThrough();
    ended.end(Buffer.from('%PDF-1.4 all of it'));
    const whole = await sniffStream(ended, 16);
    expect(whole.head.toString()).toBe('%PDF-1.4 all of it');
    expect((await collect(whole.body)).toString()).toBe('%PDF-1.4 all of it');

    const broken = new PassThrough();
    broken.write(Buffer.from('%PD'));
    const sniffed = sniffStream(broken, 16);
    broken.destroy(new Error('the client went away'));
    await expect(sniffed).rejects.toThrow('the client went away');

    // Broken off before anyone looked (the taker was still asking the database).
    const gone = new PassThrough();
    // As the parser's file streams: an error with nobody listening would end the process.
    gone.on('error', () => {});
    gone.write(Buffer.from('%PD'));
    gone.destroy(new Error('too large'));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(sniffStream(gone, 16)).rejects.toThrow('too large');
  });
});
