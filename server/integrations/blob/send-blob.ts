import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_MSG } from '../../../contract/file-messages';
import type { BlobInfo, ByteRange, Storage } from './storage';

export interface SendBlobOptions {
  /** `Cache-Control` of the answer (docs/files.md#downloads). */
  cacheControl: string;
  /** The name a browser saves it under; `attachment` asks it to save rather than show. */
  fileName?: string | undefined;
  attachment?: boolean | undefined;
  /** Instead of the stored type (avatars from before the storage have none). */
  contentType?: string | undefined;
}

/**
 * Answers a stored blob (docs/files.md#downloads): `ETag`, `Last-Modified`, `304` for a matching
 * `If-None-Match` / `If-Modified-Since`, one byte range (`206`, `416` when unsatisfiable, the whole
 * blob when `If-Range` names another version), the stored content type (detected from the bytes
 * at upload) with `nosniff`. Answers false when there is no such blob (the caller says 404),
 * true when the answer is on its way (a reply is a thenable, so it is not what this resolves to).
 */
export async function sendBlob(
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
  where: { container: string; name: string },
  options: SendBlobOptions,
): Promise<boolean> {
  let unsatisfiable = false;
  let notModified = false;
  const read = await storage.readBlob(where.container, where.name, (info) => {
    if (isNotModified(request, info)) {
      notModified = true;
      // Nothing of the body is needed: read as little as possible.
      return info.contentLength > 0 ? { start: 0, end: 0 } : undefined;
    }
    const range = requestedRange(request, info);
    if (range === 'unsatisfiable') {
      unsatisfiable = true;
      return info.contentLength > 0 ? { start: 0, end: 0 } : undefined;
    }
    return range;
  });
  if (!read) return false;
  const { info, range, body } = read;

  reply
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString())
    .header('cache-control', options.cacheControl)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    // Files are shown by the browser, never run as a page of the portal.
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    )
    .header('cross-origin-resource-policy', 'same-origin');

  if (notModified || unsatisfiable) {
    body.destroy();
    if (notModified) reply.code(304).send();
    else {
      reply
        .code(416)
        .header('content-range', `bytes */${info.contentLength}`)
        .type('application/json; charset=utf-8')
        .send({ message: FILE_MSG.rangeNotSatisfiable });
    }
    return true;
  }

  reply.header('content-type', options.contentType ?? info.contentType);
  if (options.fileName !== undefined) {
    reply.header('content-disposition', contentDisposition(options.fileName, options.attachment ?? false));
  }
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.contentLength}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.code(200).header('content-length', info.contentLength);
  }
  if (request.method === 'HEAD') {
    body.destroy();
    reply.send();
  } else reply.send(body);
  return true;
}

function isNotModified(request: FastifyRequest, info: BlobInfo): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    // Weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`.
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(info.etag);
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * The one range of `Range: bytes=…` (RFC 9110 §14), undefined for the whole blob: no header, a
 * header we do not serve (several ranges, another unit, bad syntax: the whole blob is a valid
 * answer then), or an `If-Range` of another version.
 */
function requestedRange(request: FastifyRequest, info: BlobInfo): ByteRange | 'unsatisfiable' | undefined {
  const header = request.headers.range;
  if (typeof header !== 'string') return undefined;
  const ifRange = [request.headers['if-range']].flat()[0];
  if (ifRange !== undefined && ifRange !== info.etag) {
    const date = Date.parse(ifRange);
    if (Number.isNaN(date) || Math.floor(info.lastModified.getTime() / 1000) * 1000 > date) return undefined;
  }
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const size = info.contentLength;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // `bytes=-N`: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return undefined;
    if (start >= size) return 'unsatisfiable';
  }
  return { start, end };
}

/** `inline` or `attachment` with the name in ASCII and, for the rest, RFC 6266's `filename*`. */
function contentDisposition(fileName: string, attachment: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${attachment ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
