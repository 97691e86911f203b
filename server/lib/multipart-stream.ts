import { PassThrough, Readable } from 'node:stream';

/**
 * A multipart/form-data body read as it arrives (docs/files.md#limits): text fields are collected,
 * a file field is handed on as a stream while its bytes come in, so an upload never sits whole in
 * memory. Enough of RFC 7578 for a form of a few fields and one file; the browser sends the text
 * fields first, so they are known when the file starts.
 */

/** The body (or the file) is larger than allowed. */
export class MultipartTooLargeError extends Error {
  override name = 'MultipartTooLargeError';
}

/** The body is not a well-formed multipart form. */
export class MultipartMalformedError extends Error {
  override name = 'MultipartMalformedError';
}

export interface StreamedFile {
  /** The form field's name. */
  field: string;
  /** The `filename` as the browser sent it (not trusted: docs/files.md#names). */
  fileName: string | undefined;
  /** The file's bytes; errors with MultipartTooLargeError past `maxFileBytes`. */
  stream: Readable;
}

export interface MultipartStreamOptions<T> {
  /** The whole body's limit: files, fields and framing. */
  maxBodyBytes: number;
  /** One file's limit. */
  maxFileBytes: number;
  /** The fields that are files; a part of any other name is a text field. */
  fileFields: readonly string[];
  /**
   * Takes a file as it arrives, given the text fields sent before it; must read `stream` to its
   * end (or fail). What it answers is in `files`. A failure stops reading the body.
   */
  onFile: (file: StreamedFile, fieldsSoFar: ReadonlyMap<string, string>) => Promise<T>;
}

const HEADER_END = Buffer.from('\r\n\r\n');
/** Text fields are short (ids, names): all of them together stay below this. */
const MAX_FIELD_BYTES = 64 * 1024;

/** The boundary of a multipart/form-data content type, or null for any other. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data/i.test(contentType)) return null;
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return boundary?.[1] ?? boundary?.[2] ?? null;
}

/**
 * Reads the form from `body`: answers its text fields (the first of each name) and what `onFile`
 * answered for each file part, in order. The file's stream gets the bytes with backpressure: the
 * body is read no faster than the file is taken.
 */
export async function readMultipartStream<T>(
  body: AsyncIterable<Buffer | string>,
  boundary: string,
  options: MultipartStreamOptions<T>,
): Promise<{ fields: Map<string, string>; files: T[] }> {
  const opening = Buffer.from(`--${boundary}`);
  // Between parts the delimiter follows a line break; the first one may open the body directly.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields = new Map<string, string>();
  const files: T[] = [];
  let fieldBytes = 0;
  let total = 0;

  type State = 'preamble' | 'afterDelimiter' | 'headers' | 'field' | 'file' | 'done';
  let state: State = 'preamble';
  let pending: Buffer = Buffer.alloc(0);
  let partName = '';
  let fieldChunks: Buffer[] = [];
  let file: { stream: PassThrough; size: number; taken: Promise<void> } | null = null;
  let failure: unknown = null;

  const feedFile = async (bytes: Buffer) => {
    if (!file || bytes.length === 0) return;
    file.size += bytes.length;
    if (file.size > options.maxFileBytes) throw new MultipartTooLargeError('file too large');
    if (!file.stream.write(bytes)) {
      // Wait for the taker; a taker that fails meanwhile destroys the stream (no drain then).
      await Promise.race([drained(file.stream), file.taken]);
    }
    if (failure) throw failure;
  };
  const feedField = (bytes: Buffer) => {
    fieldBytes += bytes.length;
    if (fieldBytes > MAX_FIELD_BYTES) throw new MultipartTooLargeError('fields too large');
    fieldChunks.push(bytes);
  };

  const startPart = (headers: string) => {
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw new MultipartMalformedError('part without a name');
    partName = name;
    if (!options.fileFields.includes(name)) {
      fieldChunks = [];
      return 'field' as const;
    }
    const stream = new PassThrough({ highWaterMark: 1024 * 1024 });
    // A broken-off upload destroys the stream with its error; a taker between two reads has no
    // listener then, and an 'error' nobody listens to would end the process. It learns it anyway:
    // its next read fails, and this function throws the error to the route.
    stream.on('error', () => {});
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const taken = options.onFile({ field: name, fileName, stream }, fields).then(
      (result) => {
        files.push(result);
      },
      (error: unknown) => {
        failure ??= error;
        stream.destroy();
      },
    );
    file = { stream, size: 0, taken };
    return 'file' as const;
  };

  const endPart = async () => {
    if (state === 'field') {
      if (!fields.has(partName)) fields.set(partName, Buffer.concat(fieldChunks).toString('utf8'));
      fieldChunks = [];
    } else if (state === 'file' && file) {
      const current = file;
      file = null;
      current.stream.end();
      await current.taken;
      if (failure) throw failure;
    }
  };

  /** Works through `pending` as far as it can; leaves what may belong to a delimiter split across chunks. */
  const advance = async () => {
    for (;;) {
      if (state === 'done') {
        pending = Buffer.alloc(0);
        return;
      }
      if (state === 'preamble') {
        const at = pending.indexOf(opening);
        if (at === -1) {
          pending = pending.subarray(Math.max(0, pending.length - opening.length + 1));
          return;
        }
        pending = pending.subarray(at + opening.length);
        state = 'afterDelimiter';
        continue;
      }
      if (state === 'afterDelimiter') {
        if (pending.length < 2) return;
        const next = pending.subarray(0, 2).toString('latin1');
        if (next === '--') {
          state = 'done';
          continue;
        }
        if (next !== '\r\n') throw new MultipartMalformedError('bad delimiter');
        pending = pending.subarray(2);
        state = 'headers';
        continue;
      }
      if (state === 'headers') {
        const end = pending.indexOf(HEADER_END);
        if (end === -1) {
          if (pending.length > 16 * 1024) throw new MultipartMalformedError('headers too long');
          return;
        }
        state = startPart(pending.subarray(0, end).toString('utf8'));
        pending = pending.subarray(end + HEADER_END.length);
        continue;
      }
      // In a part's content: up to the next delimiter, or all but a start of one at the very end.
      const at = pending.indexOf(delimiter);
      const usable = at === -1 ? pending.length - partialDelimiterAtEnd(pending, delimiter) : at;
      const content = pending.subarray(0, usable);
      if (state === 'field') feedField(content);
      else await feedFile(content);
      pending = pending.subarray(usable);
      if (at === -1) return;
      await endPart();
      pending = pending.subarray(delimiter.length);
      state = 'afterDelimiter';
    }
  };

  try {
    for await (const chunk of body) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += bytes.length;
      if (total > options.maxBodyBytes) throw new MultipartTooLargeError('body too large');
      // Mostly nothing is kept back, and the chunk is taken as it is (no copy, less for the GC).
      pending = pending.length ? Buffer.concat([pending, bytes]) : bytes;
      await advance();
      if (failure) throw failure;
    }
    if ((state as State) !== 'done') throw new MultipartMalformedError('body ended inside the form');
    return { fields, files };
  } catch (error) {
    // The taker learns the upload broke off (and drops what it wrote); its own failure comes first.
    const open = file as { stream: PassThrough; taken: Promise<void> } | null;
    if (open) {
      open.stream.destroy(error instanceof Error ? error : new Error(String(error)));
      await open.taken;
    }
    const ownError = error instanceof MultipartTooLargeError || error instanceof MultipartMalformedError;
    throw ownError ? error : (failure ?? error);
  }
}

/**
 * How many bytes at the end of `bytes` could be the start of `delimiter` (it begins with a line
 * break, so only a carriage return in the last few bytes is looked at); 0 as a rule.
 */
export function partialDelimiterAtEnd(bytes: Buffer, delimiter: Buffer): number {
  const first = delimiter[0];
  for (let at = Math.max(0, bytes.length - delimiter.length + 1); at < bytes.length; at++) {
    if (bytes[at] !== first) continue;
    const tail = bytes.length - at;
    if (bytes.compare(delimiter, 0, tail, at) === 0) return tail;
  }
  return 0;
}

/** Until the stream wants more bytes or is gone; its listeners removed again. */
const drained = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/**
 * The first `bytes` of a stream (fewer when it is shorter), to tell its type by, and the whole
 * stream again, those bytes included, for whoever stores it: the same stream with the bytes put
 * back in front (no second stream around it, which would cost a step per chunk).
 */
export async function sniffStream(
  stream: Readable,
  bytes: number,
): Promise<{ head: Buffer; body: Readable }> {
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < bytes) {
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) {
      chunks.push(chunk);
      size += chunk.length;
    } else if (stream.readableEnded) break;
    else await readableOrEnded(stream);
  }
  const head = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
  // Put back in the same tick as the last read, so an end of the stream is not yet announced.
  if (!stream.readableEnded) {
    if (head.length > 0) stream.unshift(head);
    return { head, body: stream };
  }
  return { head, body: Readable.from(head.length > 0 ? [head] : [], { objectMode: false }) };
}

/** Until `stream` has bytes to read or has ended; its error (or an early close) as a rejection. */
function readableOrEnded(stream: Readable): Promise<void> {
  // Destroyed before it was looked at (an upload cut off while the taker asked the database):
  // its events are past, nothing would wake the wait.
  if (stream.destroyed) return Promise.reject(brokenOff(stream));
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: unknown) => {
      stream.off('readable', onReadable);
      stream.off('end', onReadable);
      stream.off('error', settle);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onReadable = () => settle();
    const onClose = () => settle(stream.readableEnded ? undefined : brokenOff(stream));
    stream.on('readable', onReadable);
    stream.on('end', onReadable);
    stream.on('error', settle);
    stream.on('close', onClose);
  });
}

const brokenOff = (stream: Readable) => stream.errored ?? new Error('stream closed before its end');
