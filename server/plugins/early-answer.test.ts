import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';
import { formData, PDF_BYTES } from '../modules/storage/storage-fixtures';

/**
 * An upload answered before its body was read (a wrong type, a reserved container, too large)
 * must not leave its keep-alive connection stuck on the unread rest: the next request on it is
 * answered, or the answer said `Connection: close` and the connection is gone (errors.ts).
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP/1.1 connection read by hand, so a test decides what goes over which socket. */
class RawConnection {
  private readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    // A reset after the server closed is expected when it closed with body bytes still unread.
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
  }

  /** Writes without waiting: a server that stops reading never takes all of a large body. */
  send(bytes: Buffer): void {
    if (!this.closed) this.socket.write(bytes);
  }

  /** The next answer on the connection, or null when the server closed it first. */
  async answer(): Promise<RawAnswer | null> {
    for (;;) {
      const headEnd = this.buffer.indexOf('\r\n\r\n');
      if (headEnd !== -1) {
        const [statusLine = '', ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        if (this.buffer.length >= headEnd + 4 + length) {
          const body = this.buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
          this.buffer = this.buffer.subarray(headEnd + 4 + length);
          return { status: Number(statusLine.split(' ')[1]), headers, body };
        }
      }
      if (this.closed) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }

  /** Resolves once the server has closed the connection. */
  async closedByServer(): Promise<void> {
    while (!this.closed) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

const FILE_MAX_MB = 2;

describe('an upload answered before its body was read, on a keep-alive connection', () => {
  let t: TestApp;
  let port: number;
  let auth: string;
  const connections: RawConnection[] = [];

  beforeAll(async () => {
    // A short request timeout, so that a connection stuck on an unread body gets Node's 408
    // within the test instead of after 30 s.
    t = await createTestApp({ FILE_MAX_MB: String(FILE_MAX_MB), REQUEST_TIMEOUT_SECONDS: '3' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    auth = (await t.authHeaders('admin')).authorization;
  });
  afterAll(async () => {
    for (const connection of connections) connection.close();
    await t?.close();
  });

  const connect = () => {
    const connection = new RawConnection(port);
    connections.push(connection);
    return connection;
  };

  const uploadRequest = (fields: Record<string, string>, content: Buffer) => {
    const form = formData(fields, { fileName: 'upload.pdf', type: 'application/pdf', content });
    const head = [
      'POST /api/azure/uploadBlobInContainer HTTP/1.1',
      'Host: 127.0.0.1',
      'Connection: keep-alive',
      `Authorization: ${auth}`,
      `Content-Type: ${form.headers['content-type']}`,
      `Content-Length: ${form.payload.length}`,
      '',
      '',
    ].join('\r\n');
    return Buffer.concat([Buffer.from(head, 'latin1'), form.payload]);
  };

  const healthRequest = Buffer.from(
    'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n',
    'latin1',
  );

  /** The early answer, then a second request: on the same connection, or on a new one after a close. */
  const earlyAnswerThenNext = async (request: Buffer) => {
    const connection = connect();
    connection.send(request);
    const first = await connection.answer();
    let second: RawAnswer | null;
    if (first?.headers.connection?.toLowerCase() === 'close') {
      await connection.closedByServer();
      const fresh = connect();
      fresh.send(healthRequest);
      second = await fresh.answer();
    } else {
      connection.send(healthRequest);
      second = await connection.answer();
    }
    return { first, second };
  };

  // Several megabytes: more than the socket buffers hold, so the unread rest stays on the wire.
  const notADocument = Buffer.alloc(Math.round(1.5 * 1024 * 1024), 'x');
  const document = Buffer.concat([PDF_BYTES, Buffer.alloc(Math.round(1.5 * 1024 * 1024), ' ')]);

  it('a file of a type not taken (415 from its first bytes)', async () => {
    const { first, second } = await earlyAnswerThenNext(
      uploadRequest({ containerName: 'keepalive', fileName: 'a.pdf' }, notADocument),
    );
    expect(first?.status).toBe(415);
    expect(second?.status).toBe(200);
  });

  it('a small file of a type not taken, whole in the first packet (415)', async () => {
    const { first, second } = await earlyAnswerThenNext(
      uploadRequest({ containerName: 'keepalive', fileName: 'a.pdf' }, Buffer.from('not a document')),
    );
    expect(first?.status).toBe(415);
    expect(second?.status).toBe(200);
  });

  it('an upload read to its end keeps its connection open', async () => {
    const connection = connect();
    connection.send(uploadRequest({ containerName: 'keepalive', fileName: 'kept.pdf' }, document));
    const first = await connection.answer();
    expect(first?.status).toBe(201);
    expect(first?.headers.connection).not.toBe('close');
    connection.send(healthRequest);
    expect((await connection.answer())?.status).toBe(200);
  });

  it('a reserved container (409 before the file is read)', async () => {
    const { first, second } = await earlyAnswerThenNext(
      uploadRequest({ containerName: 'avatars', fileName: 'a.pdf' }, document),
    );
    expect(first?.status).toBe(409);
    expect(second?.status).toBe(200);
  });

  it('a body announced over FILE_MAX_MB (413 before a byte is read)', async () => {
    const { first, second } = await earlyAnswerThenNext(
      uploadRequest(
        { containerName: 'keepalive', fileName: 'a.pdf' },
        Buffer.concat([PDF_BYTES, Buffer.alloc((FILE_MAX_MB + 1) * 1024 * 1024, ' ')]),
      ),
    );
    expect(first?.status).toBe(413);
    expect(second?.status).toBe(200);
  });

  it('a file growing past FILE_MAX_MB without a length announced too large (413 while read)', async () => {
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc((FILE_MAX_MB + 1) * 1024 * 1024, ' ')]);
    const request = uploadRequest({ containerName: 'keepalive', fileName: 'a.pdf' }, big);
    // The same body sent chunked, so the limit is found only while reading.
    const headEnd = request.indexOf('\r\n\r\n');
    const head = request
      .subarray(0, headEnd)
      .toString('latin1')
      .replace(/Content-Length: \d+/, 'Transfer-Encoding: chunked');
    const body = request.subarray(headEnd + 4);
    const chunks: Buffer[] = [Buffer.from(`${head}\r\n\r\n`, 'latin1')];
    for (let at = 0; at < body.length; at += 64 * 1024) {
      const piece = body.subarray(at, at + 64 * 1024);
      chunks.push(Buffer.from(`${piece.length.toString(16)}\r\n`, 'latin1'), piece, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from('0\r\n\r\n', 'latin1'));
    const { first, second } = await earlyAnswerThenNext(Buffer.concat(chunks));
    expect(first?.status).toBe(413);
    expect(second?.status).toBe(200);
  });
});
