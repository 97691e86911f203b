/** One part of a multipart/form-data body. */
export interface FormPart {
  name: string;
  /** The `filename` of a file field as the browser sent it (not trusted: see docs/files.md#names). */
  fileName: string | undefined;
  data: Buffer;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * The parts of a multipart/form-data body (enough of RFC 7578 for a form with a few fields and
 * files; the body is already buffered and size-limited), or null when it is not well formed.
 */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return null;
  const delimiter = Buffer.from(`--${marker}`);
  const between = Buffer.from(`\r\n--${marker}`);
  const parts: FormPart[] = [];
  let position = body.indexOf(delimiter);
  if (position === -1) return null;
  for (;;) {
    const partStart = position + delimiter.length;
    // `--` after the delimiter closes the body.
    if (body.subarray(partStart, partStart + 2).toString('latin1') === '--') return parts;
    const headersEnd = body.indexOf(HEADER_END, partStart);
    if (headersEnd === -1) return null;
    const next = body.indexOf(between, headersEnd + 4);
    if (next === -1) return null;
    const headers = body.subarray(partStart, headersEnd).toString('utf8');
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined) parts.push({ name, fileName, data: body.subarray(headersEnd + 4, next) });
    position = next + 2;
  }
}

/** The first part called `name`. */
export const formPart = (parts: readonly FormPart[], name: string) =>
  parts.find((part) => part.name === name);

/** A text field's value (UTF-8), or undefined when the form has no such field. */
export function formText(parts: readonly FormPart[], name: string): string | undefined {
  return formPart(parts, name)?.data.toString('utf8');
}
