import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MSG } from '../../../contract/file-messages';
import { MSG } from '../../../contract/messages';
import type { Role } from '../../../contract/roles';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../../tests/server/helpers/app';
import { createUrlSigner } from '../../lib/signed-url';
import { formData, PDF_BYTES, PNG_BYTES, STORAGE_BACKENDS, WEBP_BYTES } from './storage-fixtures';

describe.each(STORAGE_BACKENDS)('storage calls on $name', (backend) => {
  let t: TestApp;
  let stopBackend: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await backend.start();
    stopBackend = started.stop;
    t = await createTestApp({ ...started.env, FILE_MAX_MB: '1' });
  });
  afterAll(async () => {
    await t?.close();
    await stopBackend?.();
  });

  const call = async (name: string, payload: object = {}, role: Role = 'admin') =>
    t.app.inject({ method: 'POST', url: `/api/azure/${name}`, payload, headers: await t.authHeaders(role) });
  const upload = async (
    fields: Record<string, string>,
    file?: Parameters<typeof formData>[1],
    role: Role = 'admin',
  ) => {
    const form = formData(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/azure/uploadBlobInContainer',
      payload: form.payload,
      headers: { ...form.headers, ...(await t.authHeaders(role)) },
    });
  };
  const pdf = (fileName = 'plan.pdf', content = PDF_BYTES) => ({
    fileName,
    type: 'application/pdf',
    content,
  });

  it('creates containers, tells whether they exist, and lists them with the portal’s own', async () => {
    const created = await call('createContainerInStorage', { containerName: 'manuals' });
    const again = await call('createContainerInStorage', { containerName: 'manuals', public: true });
    const exists = await call('isExistsContainerInStorage', { containerName: 'manuals' });
    const missing = await call('isExistsContainerInStorage', { containerName: 'nothing-here' });
    const listed = await call('listContainersInStorage');

    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'manuals', public: false, system: false });
    expect(again.json().public).toBe(false);
    expect(exists.json()).toEqual({ exists: true });
    expect(missing.json()).toEqual({ exists: false });
    const containers = listed.json().containers as { name: string; public: boolean; system: boolean }[];
    expect(containers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'avatars', public: true, system: true }),
        expect.objectContaining({ name: 'lift-files', public: false, system: true }),
        expect.objectContaining({ name: 'manuals', public: false, system: false }),
      ]),
    );
  });

  it('uploads into a missing container, creating it public; the blob is served at a stable URL without a token', async () => {
    // A PNG named .pdf and declared as a PDF is a PNG: the bytes decide.
    const response = await upload(
      { containerName: 'photos', fileName: 'Tür 3.pdf' },
      pdf('x.pdf', PNG_BYTES),
    );

    expect(response.statusCode).toBe(201);
    const blob = response.json();
    expect(blob).toMatchObject({
      id: 'photos/Tür 3.pdf',
      url: `/api/storage/photos/${encodeURIComponent('Tür 3.pdf')}`,
      name: 'Tür 3.pdf',
      contentType: 'image/png',
      contentLength: PNG_BYTES.length,
    });
    expect((await call('isExistsContainerInStorage', { containerName: 'photos' })).json()).toEqual({
      exists: true,
    });

    const served = await t.app.inject({ url: blob.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, no-cache',
    });
    expect(served.headers.etag).toMatch(/^".+"$/);
    expect(new Date(String(served.headers['last-modified'])).getTime()).not.toBeNaN();
    expect(String(served.headers['content-disposition'])).toContain("filename*=UTF-8''T%C3%BCr%203.pdf");

    const notModified = await t.app.inject({
      url: blob.url,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const sinceThen = await t.app.inject({
      url: blob.url,
      headers: { 'if-modified-since': String(served.headers['last-modified']) },
    });
    expect(sinceThen.statusCode).toBe(304);
  });

  it('answers byte ranges with 206, 416 beyond the end, and the whole blob for another version’s If-Range', async () => {
    const { url } = (await upload({ containerName: 'ranges', fileName: 'doc.pdf' }, pdf())).json();

    const part = await t.app.inject({ url, headers: { range: 'bytes=1-4' } });
    const tail = await t.app.inject({ url, headers: { range: 'bytes=-5' } });
    const open = await t.app.inject({ url, headers: { range: 'bytes=10-' } });
    const beyond = await t.app.inject({ url, headers: { range: `bytes=${PDF_BYTES.length}-` } });
    const stale = await t.app.inject({ url, headers: { range: 'bytes=1-4', 'if-range': '"another"' } });
    const several = await t.app.inject({ url, headers: { range: 'bytes=0-1,3-4' } });

    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('PDF-');
    expect(part.headers['content-range']).toBe(`bytes 1-4/${PDF_BYTES.length}`);
    expect(part.headers['content-length']).toBe('4');
    expect(tail.rawPayload.equals(PDF_BYTES.subarray(-5))).toBe(true);
    expect(open.rawPayload.equals(PDF_BYTES.subarray(10))).toBe(true);
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${PDF_BYTES.length}`);
    expect(beyond.json()).toEqual({ message: FILE_MSG.rangeNotSatisfiable });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(several.statusCode).toBe(200);
  });

  it('lists, downloads and deletes blobs; the trailing-space paths reach the same calls', async () => {
    await upload({ containerName: 'listing', fileName: 'b.pdf' }, pdf());
    await upload({ containerName: 'listing', fileName: 'a.png' }, pdf('a.png', PNG_BYTES));
    const headers = await t.authHeaders('admin');

    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/azure/getBlobsInContainer%20',
      payload: { containerName: 'listing' },
      headers,
    });
    const downloaded = await t.app.inject({
      method: 'POST',
      url: '/api/azure/downloadBlobInContainer%20',
      payload: { containerName: 'listing', fileName: 'b.pdf' },
      headers: { ...headers, range: 'bytes=0-3' },
    });
    const deleted = await call('deleteBlobInContainer', { containerName: 'listing', fileName: 'b.pdf' });
    const deletedAgain = await call('deleteBlobInContainer', { containerName: 'listing', fileName: 'b.pdf' });

    expect(listed.statusCode).toBe(200);
    expect(listed.json().blobs.map((blob: { name: string }) => blob.name)).toEqual(['a.png', 'b.pdf']);
    expect(listed.json().blobs[1]).toMatchObject({
      contentType: 'application/pdf',
      contentLength: PDF_BYTES.length,
    });
    expect(downloaded.statusCode).toBe(206);
    expect(downloaded.body).toBe('%PDF');
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment; filename="b\.pdf"/);
    expect(downloaded.headers['cache-control']).toBe('private, no-cache');
    expect(deleted.json()).toEqual({ message: MSG.deleted });
    expect(deletedAgain.statusCode).toBe(404);
    expect(deletedAgain.json()).toEqual({ message: FILE_MSG.blobNotFound });
    for (const name of [
      'createContainerInStorage',
      'deleteContainerInStorage',
      'listContainersInStorage',
      'isExistsContainerInStorage',
      'uploadBlobInContainer',
      'deleteBlobInContainer',
    ]) {
      expect(t.app.hasRoute({ method: 'POST', url: `/api/azure/${name} ` }), name).toBe(true);
    }
  });

  it('answers 404 "The specified container does not exist" for a missing container', async () => {
    const blob = { containerName: 'no-such-container', fileName: 'x.pdf' };
    for (const [name, payload] of [
      ['getBlobsInContainer', { containerName: blob.containerName }],
      ['deleteBlobInContainer', blob],
      ['downloadBlobInContainer', blob],
      ['deleteContainerInStorage', { containerName: blob.containerName }],
    ] as const) {
      const response = await call(name, payload);
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toEqual({ message: FILE_MSG.containerNotFound });
    }
    expect((await t.app.inject({ url: '/api/storage/no-such-container/x.pdf' })).statusCode).toBe(404);
  });

  it('deletes a container with its blobs, but never the portal’s own', async () => {
    const { url } = (await upload({ containerName: 'doomed', fileName: 'x.pdf' }, pdf())).json();

    const deleted = await call('deleteContainerInStorage', { containerName: 'doomed' });
    const own = await call('deleteContainerInStorage', { containerName: 'lift-files' });
    const intoAvatars = await upload(
      { containerName: 'avatars', fileName: 'x.png' },
      pdf('x.png', PNG_BYTES),
    );
    const fromLiftFiles = await call('deleteBlobInContainer', {
      containerName: 'lift-files',
      fileName: 'x.pdf',
    });

    expect(deleted.json()).toEqual({ message: MSG.deleted });
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: FILE_MSG.containerCannotDelete });
    expect(intoAvatars.statusCode).toBe(409);
    expect(intoAvatars.json()).toEqual({ message: FILE_MSG.containerReserved });
    expect(fromLiftFiles.statusCode).toBe(409);
  });

  it('serves a private container’s blobs only with an admin’s token or a signed link that has not expired', async () => {
    await call('createContainerInStorage', { containerName: 'private-docs' });
    const uploaded = await upload({ containerName: 'private-docs', fileName: 'secret.pdf' }, pdf());
    const { url } = uploaded.json();
    const path = '/api/storage/private-docs/secret.pdf';

    expect(url).toMatch(/^\/api\/storage\/private-docs\/secret\.pdf\?token=/);
    expect((await call('isExistsContainerInStorage', { containerName: 'private-docs' })).json().exists).toBe(
      true,
    );
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const bare = await t.app.inject({ url: path });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ message: MSG.invalidToken });
    expect((await t.app.inject({ url: path, headers: await t.authHeaders('admin') })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: path, headers: await t.authHeaders('customer_admin') })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `${url.slice(0, -2)}xx` })).statusCode).toBe(401);
    // A link for one blob opens no other.
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';
    await upload({ containerName: 'private-docs', fileName: 'other.pdf' }, pdf());
    const elsewhere = await t.app.inject({
      url: `/api/storage/private-docs/other.pdf?token=${encodeURIComponent(token)}`,
    });
    expect(elsewhere.statusCode).toBe(401);
    // Made an hour and a second ago, it has run out.
    const admin = (await t.signInAs('admin')).user.id;
    const old = createUrlSigner(TEST_AUTH_SECRET, () => Date.now() - 3_601_000).sign(
      'storage/private-docs/secret.pdf',
      admin,
      3600,
    );
    const expired = await t.app.inject({ url: `${path}?token=${encodeURIComponent(old.token)}` });
    expect(expired.statusCode).toBe(401);
  });

  it('refuses names that climb, hide or carry control characters', async () => {
    for (const fileName of [
      '../auth-secret',
      '..',
      'a/b.pdf',
      'bell\u0007.pdf',
      '.hidden',
      'x'.repeat(201),
    ]) {
      const response = await upload({ containerName: 'names', fileName }, pdf());
      expect(response.statusCode, fileName).toBe(400);
      expect(Object.keys(response.json().fieldErrors), fileName).toEqual(['fileName']);
    }
    const badContainer = await upload({ containerName: '../data', fileName: 'x.pdf' }, pdf());
    expect(badContainer.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { containerName: FILE_MSG.invalidContainerName },
    });
    const badJson = await call('getBlobsInContainer', { containerName: 'Bad_Name' });
    expect(badJson.json().fieldErrors).toEqual({ containerName: FILE_MSG.invalidContainerName });
    // Without `fileName` the browser's file name is used, reduced to its last segment.
    const fromPath = await upload({ containerName: 'names' }, pdf('C:\\fakepath\\..\\Plan 1.pdf'));
    expect(fromPath.json().name).toBe('Plan 1.pdf');
    for (const url of [
      '/api/storage/names/..%2F..%2Fauth-secret',
      '/api/storage/..%2Fpglite/x',
      '/api/storage/names/%2E%2E',
      '/api/storage/names/.container',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('takes PDF, JPEG, PNG and GIF by their bytes only: 415 otherwise; 413 above FILE_MAX_MB', async () => {
    const text = await upload(
      { containerName: 'types', fileName: 'evil.pdf' },
      pdf('evil.pdf', Buffer.from('<html>')),
    );
    const webp = await upload({ containerName: 'types', fileName: 'x.webp' }, pdf('x.webp', WEBP_BYTES));
    const json = await call('uploadBlobInContainer', { containerName: 'types', fileName: 'x.pdf' });
    const justOver = Buffer.concat([PDF_BYTES, Buffer.alloc(1024 * 1024)]);
    const farOver = Buffer.concat([PDF_BYTES, Buffer.alloc(3 * 1024 * 1024)]);
    const missingFile = await upload({ containerName: 'types', fileName: 'x.pdf' });

    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: FILE_MSG.fileTypeInvalid });
    expect(webp.statusCode).toBe(415);
    expect(json.statusCode).toBe(415);
    for (const content of [justOver, farOver]) {
      const response = await upload({ containerName: 'types', fileName: 'big.pdf' }, pdf('big.pdf', content));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: FILE_MSG.fileTooLarge });
    }
    expect(missingFile.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { file: MSG.required } });
    expect((await call('isExistsContainerInStorage', { containerName: 'types' })).json().exists).toBe(false);
  });

  it('is for admins and above', async () => {
    for (const role of ['customer_admin', 'customer', 'service_man'] as const) {
      const response = await call('listContainersInStorage', {}, role);
      expect(response.statusCode, role).toBe(403);
    }
  });
});
