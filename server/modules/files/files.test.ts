import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MSG } from '../../../contract/file-messages';
import { MSG } from '../../../contract/messages';
import type { Role } from '../../../contract/roles';
import type { LiftFile } from '../../../contract/schemas/file';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../../tests/server/helpers/app';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { createUrlSigner } from '../../lib/signed-url';
import { createLiftFixtures, type LiftFixtures } from '../lifts/lift-fixtures';
import { formData, PDF_BYTES, PNG_BYTES, STORAGE_BACKENDS } from '../storage/storage-fixtures';

describe.each(STORAGE_BACKENDS)('lift files on $name', (backend) => {
  let t: TestApp;
  let f: LiftFixtures;
  let stopBackend: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await backend.start();
    stopBackend = started.stop;
    t = await createTestApp({ ...started.env, FILE_MAX_MB: '1' });
    f = await createLiftFixtures(t);
  });
  afterAll(async () => {
    await t?.close();
    await stopBackend?.();
  });

  const upload = async (
    role: Role,
    fields: Record<string, string>,
    file: { fileName: string; type: string; content: Buffer } | null = {
      fileName: 'Foto.png',
      type: 'image/png',
      content: PNG_BYTES,
    },
  ) => {
    const form = formData(fields, file ?? undefined);
    return t.app.inject({
      method: 'POST',
      url: '/api/files/register',
      payload: form.payload,
      headers: { ...form.headers, ...(await t.authHeaders(role)) },
    });
  };
  const register = async (role: Role, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/files/register', payload, headers: await t.authHeaders(role) });
  const list = async (role: Role, liftId: string) =>
    t.app.inject({ url: `/api/files/getByLiftId?liftId=${liftId}`, headers: await t.authHeaders(role) });
  const blobCount = async () => (await t.app.storage.listBlobs(SYSTEM_CONTAINERS.liftFiles))?.length ?? 0;

  it('stores a service man’s photo once per uid, and whoever sees the lift lists it', async () => {
    const uid = randomUUID();
    const before = await blobCount();

    const first = await upload('service_man', { uid, liftId: f.own.id });
    const retry = await upload('service_man', { uid, liftId: f.own.id });

    expect(first.statusCode).toBe(201);
    const file: LiftFile = first.json();
    expect(file).toMatchObject({
      uid,
      liftId: f.own.id,
      name: 'Foto.png',
      size: PNG_BYTES.length,
      type: 'image/png',
      url: `/api/files/${file.id}/content`,
      stored: true,
      addedBy: f.ids.service_man,
    });
    expect(file.addedByName).toBeTruthy();
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(file.id);
    expect(await blobCount()).toBe(before + 1);
    for (const role of ['customer', 'customer_admin', 'service_man', 'admin'] as const) {
      const listed = await list(role, f.own.id);
      expect(listed.statusCode, role).toBe(200);
      expect(
        listed.json().files.map((row: LiftFile) => row.id),
        role,
      ).toContain(file.id);
    }
  });

  it('takes a form whose fields come after the file (stored, then checked), and drops the bytes of a retry', async () => {
    const uid = randomUUID();
    const before = await blobCount();
    // The file first, the fields last: the reverse of what browsers send.
    const fieldsLast = async () => {
      const form = formData({}, { fileName: 'Plan.pdf', type: 'application/pdf', content: PDF_BYTES });
      const boundary = /boundary=(.+)$/.exec(form.headers['content-type'])?.[1] ?? '';
      const closing = Buffer.from(`--${boundary}--\r\n`);
      const fields = Object.entries({ uid, liftId: f.own.id }).map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      const payload = Buffer.concat([
        form.payload.subarray(0, form.payload.length - closing.length),
        Buffer.from(fields.join('')),
        closing,
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/files/register',
        payload,
        headers: { ...form.headers, ...(await t.authHeaders('service_man')) },
      });
    };
    const first = await fieldsLast();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      uid,
      name: 'Plan.pdf',
      size: PDF_BYTES.length,
      type: 'application/pdf',
    });
    const retry = await fieldsLast();
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
    expect(await blobCount()).toBe(before + 1);
  });

  it('answers the bytes to users who see the lift: with their token or a signed link, with ranges', async () => {
    const file: LiftFile = (
      await upload(
        'customer_admin',
        { uid: randomUUID(), liftId: f.own.id, name: 'Prüfbericht.pdf' },
        {
          fileName: 'x.bin',
          type: 'application/octet-stream',
          content: PDF_BYTES,
        },
      )
    ).json();
    expect(file).toMatchObject({ name: 'Prüfbericht.pdf', type: 'application/pdf' });

    const withToken = await t.app.inject({ url: file.url, headers: await t.authHeaders('customer') });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(withToken.headers).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': 'private, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });
    const part = await t.app.inject({
      url: file.url,
      headers: { ...(await t.authHeaders('service_man')), range: 'bytes=0-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF');

    const link = await t.app.inject({
      url: `/api/files/${file.id}/link`,
      headers: await t.authHeaders('customer'),
    });
    expect(link.statusCode).toBe(200);
    const { url, expiresAt } = link.json();
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const viaLink = await t.app.inject({ url: `${url}&download=1` });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.headers['content-disposition']).toMatch(/^attachment;/);

    const bare = await t.app.inject({ url: file.url });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ message: MSG.invalidToken });
    expect((await t.app.inject({ url: `${url.slice(0, -2)}xx` })).statusCode).toBe(401);
    const old = createUrlSigner(TEST_AUTH_SECRET, () => Date.now() - 3_601_000).sign(
      `files/${file.id}/content`,
      f.ids.customer,
      3600,
    );
    expect(
      (await t.app.inject({ url: `${file.url}?token=${encodeURIComponent(old.token)}` })).statusCode,
    ).toBe(401);
  });

  it('keeps another customer’s lift files from customers, customer admins and service men', async () => {
    const foreign: LiftFile = (await upload('admin', { uid: randomUUID(), liftId: f.foreign.id })).json();
    // A link made for an admin opens it; one made for the customer for this path is refused by scope.
    const forCustomer = createUrlSigner(TEST_AUTH_SECRET).sign(
      `files/${foreign.id}/content`,
      f.ids.customer,
      60,
    );

    for (const role of ['customer', 'customer_admin', 'service_man'] as const) {
      const headers = await t.authHeaders(role);
      const listed = await list(role, f.foreign.id);
      expect(listed.statusCode, role).toBe(404);
      expect(listed.json(), role).toEqual({ message: MSG.liftNotFound });
      expect((await t.app.inject({ url: foreign.url, headers })).statusCode, role).toBe(404);
      expect((await t.app.inject({ url: `/api/files/${foreign.id}/link`, headers })).statusCode, role).toBe(
        404,
      );
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/files/${foreign.id}`, headers });
      expect(removed.statusCode, role).toBe(404);
      const added = await upload(role, { uid: randomUUID(), liftId: f.foreign.id });
      expect([403, 404], role).toContain(added.statusCode);
    }
    const viaLink = await t.app.inject({
      url: `${foreign.url}?token=${encodeURIComponent(forCustomer.token)}`,
    });
    expect(viaLink.statusCode).toBe(404);
    expect((await t.app.inject({ url: foreign.url, headers: await t.authHeaders('admin') })).statusCode).toBe(
      200,
    );
  });

  it('lets customers read but not add files', async () => {
    const response = await upload('customer', { uid: randomUUID(), liftId: f.own.id });
    const json = await register('customer', {
      uid: randomUUID(),
      liftId: f.own.id,
      name: 'Handbuch.pdf',
      url: 'https://example.com/handbuch.pdf',
    });

    expect(response.statusCode).toBe(403);
    expect(json.statusCode).toBe(403);
  });

  it('registers links as JSON: https or a blob of the portal’s storage', async () => {
    const uid = randomUUID();
    const link = await register('service_man', {
      uid,
      liftId: f.own.id,
      name: 'Handbuch.pdf',
      size: 1234,
      type: 'application/pdf',
      url: 'https://example.com/handbuch.pdf',
    });
    const again = await register('service_man', {
      uid,
      liftId: f.own.id,
      name: 'Handbuch.pdf',
      url: 'https://example.com/handbuch.pdf',
    });
    const otherLift = await register('admin', {
      uid,
      liftId: f.foreign.id,
      name: 'x.pdf',
      url: 'https://e.com/x',
    });
    const plainHttp = await register('admin', {
      uid: randomUUID(),
      liftId: f.own.id,
      name: 'x.pdf',
      url: 'http://example.com/x.pdf',
    });
    const script = await register('admin', {
      uid: randomUUID(),
      liftId: f.own.id,
      name: 'x.pdf',
      url: 'javascript:alert(1)',
    });
    await t.app.storage.createContainer('manuals', { public: true });
    await t.app.storage.putBlob('manuals', 'Antrieb.pdf', PDF_BYTES, 'application/pdf');
    const own = await register('admin', {
      uid: randomUUID(),
      liftId: f.own.id,
      name: 'Antrieb.pdf',
      size: 1,
      type: 'text/html',
      url: '/api/storage/manuals/Antrieb.pdf',
    });
    const missingBlob = await register('admin', {
      uid: randomUUID(),
      liftId: f.own.id,
      name: 'x.pdf',
      url: '/api/storage/manuals/none.pdf',
    });

    expect(link.statusCode).toBe(201);
    expect(link.json()).toMatchObject({ stored: false, size: 1234, type: 'application/pdf' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(link.json().id);
    expect(otherLift.statusCode).toBe(409);
    expect(otherLift.json().message).toBe(FILE_MSG.fileUidTaken);
    expect(plainHttp.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { url: FILE_MSG.fileUrlInvalid },
    });
    expect(script.statusCode).toBe(400);
    // Size and type of a blob here come from the storage, not the request.
    expect(own.json()).toMatchObject({ size: PDF_BYTES.length, type: 'application/pdf', stored: false });
    expect(missingBlob.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/files/${link.json().id}/content`,
          headers: await t.authHeaders('admin'),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('links name only blobs the user may read: another is answered 404 like a missing one, without its size or type', async () => {
    await t.app.storage.createContainer('admin-only', { public: false });
    await t.app.storage.putBlob('admin-only', 'Vertrag.pdf', PDF_BYTES, 'application/pdf');
    await t.app.storage.createContainer('open-manuals', { public: true });
    await t.app.storage.putBlob('open-manuals', 'Plan.png', PNG_BYTES, 'image/png');
    const link = (role: Role, url: string) =>
      register(role, {
        uid: randomUUID(),
        liftId: f.own.id,
        name: 'x.pdf',
        size: 1,
        type: 'text/plain',
        url,
      });

    const hidden = await link('service_man', '/api/storage/admin-only/Vertrag.pdf');
    const missing = await link('service_man', '/api/storage/admin-only/none.pdf');
    const noContainer = await link('service_man', '/api/storage/no-such-box/Vertrag.pdf');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(String(PDF_BYTES.length));
    expect(hidden.body).not.toContain('application/pdf');
    // The answer does not tell an unreadable blob from a missing one.
    expect(missing.statusCode).toBe(404);
    expect(noContainer.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    expect(noContainer.json()).toEqual(missing.json());

    // A public container's blob he may read, and an admin a private one.
    const readable = await link('service_man', '/api/storage/open-manuals/Plan.png');
    expect(readable.statusCode, readable.body).toBe(201);
    expect(readable.json()).toMatchObject({ size: PNG_BYTES.length, type: 'image/png', stored: false });
    const byAdmin = await link('admin', '/api/storage/admin-only/Vertrag.pdf');
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json()).toMatchObject({ size: PDF_BYTES.length, type: 'application/pdf' });
  });

  it('refuses wrong bytes (415), files over FILE_MAX_MB (413), unsafe names and a missing file (400)', async () => {
    const before = await blobCount();
    const html = await upload(
      'service_man',
      { uid: randomUUID(), liftId: f.own.id },
      {
        fileName: 'photo.png',
        type: 'image/png',
        content: Buffer.from('<html><script>alert(1)</script>'),
      },
    );
    const big = await upload(
      'service_man',
      { uid: randomUUID(), liftId: f.own.id },
      {
        fileName: 'big.pdf',
        type: 'application/pdf',
        content: Buffer.concat([PDF_BYTES, Buffer.alloc(1024 * 1024)]),
      },
    );
    const traversal = await upload('service_man', {
      uid: randomUUID(),
      liftId: f.own.id,
      name: '../../auth-secret',
    });
    const control = await upload('service_man', {
      uid: randomUUID(),
      liftId: f.own.id,
      name: 'a\u0000b.png',
    });
    const fromPath = await upload(
      'service_man',
      { uid: randomUUID(), liftId: f.own.id },
      {
        fileName: '../../evil\u202E.png',
        type: 'image/png',
        content: PNG_BYTES,
      },
    );
    const noFile = await upload('service_man', { uid: randomUUID(), liftId: f.own.id }, null);
    const badLift = await upload('service_man', { uid: randomUUID(), liftId: 'not-an-id' });

    expect(html.statusCode).toBe(415);
    expect(html.json()).toEqual({ message: FILE_MSG.fileTypeInvalid });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: FILE_MSG.fileTooLarge });
    expect(traversal.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { name: FILE_MSG.invalidFileName },
    });
    expect(control.statusCode).toBe(400);
    expect(fromPath.json().name).toBe('evil.png');
    expect(noFile.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { file: MSG.required } });
    expect(badLift.json().fieldErrors).toEqual({ liftId: MSG.invalidValue });
    expect(await blobCount()).toBe(before + 1);
  });

  it('deletes: whoever added it, customer admins of the lift and staff; the bytes go with the row', async () => {
    const byServiceMan: LiftFile = (
      await upload('service_man', { uid: randomUUID(), liftId: f.own.id })
    ).json();
    const byAdmin: LiftFile = (await upload('admin', { uid: randomUUID(), liftId: f.own.id })).json();
    const remove = async (role: Role, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: await t.authHeaders(role) });

    expect((await remove('customer', byServiceMan.id)).statusCode).toBe(403);
    expect((await remove('service_man', byAdmin.id)).statusCode).toBe(403);
    const own = await remove('service_man', byServiceMan.id);
    const byCustomerAdmin = await remove('customer_admin', byAdmin.id);

    expect(own.json()).toEqual({ message: MSG.deleted });
    expect(byCustomerAdmin.statusCode).toBe(200);
    expect((await remove('admin', byAdmin.id)).statusCode).toBe(404);
    const headers = await t.authHeaders('admin');
    expect((await t.app.inject({ url: byServiceMan.url, headers })).statusCode).toBe(404);
    expect(await t.app.storage.statBlob(SYSTEM_CONTAINERS.liftFiles, `${byServiceMan.id}.png`)).toBeNull();
    const listed = (await list('admin', f.own.id)).json().files.map((row: LiftFile) => row.id);
    expect(listed).not.toContain(byServiceMan.id);
    // A retry of the deleted file's upload does not bring it back.
    const retry = await upload('service_man', { uid: byServiceMan.uid, liftId: f.own.id });
    expect(retry.statusCode).toBe(404);
  });
});
