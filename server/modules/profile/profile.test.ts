import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES, MAX_SHORTCUTS } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import type { Role } from '../../../contract/roles';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { startAzurite } from '../../../tests/server/helpers/azurite';
import type { Environment } from '../../config';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
function formData(field: string, fileName: string, type: string, content: Buffer) {
  const boundary = '----lift-portal-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(t: TestApp, role: Role, body: { payload: Buffer; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/me/avatar',
    payload: body.payload,
    headers: { ...body.headers, ...(await t.authHeaders(role)) },
  });
}

describe('GET and PUT /api/users/me', () => {
  it('answers and changes the own profile', async () => {
    const headers = await t.authHeaders('service_man');

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers,
      payload: {
        displayName: 'Stefan W.',
        phoneNumber: '0331123',
        notificationPreference: 'nothing',
        settings: { language: 'en' },
      },
    });
    const me = await t.app.inject({ url: '/api/users/me', headers });

    expect(changed.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      displayName: 'Stefan W.',
      phoneNumber: '0331123',
      notificationPreference: 'nothing',
      settings: { language: 'en' },
      role: 'service_man',
    });
  });

  it('refuses bad values with field errors and ignores fields it does not own', async () => {
    const headers = await t.authHeaders('customer');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers,
      payload: { displayName: 'Abc', phoneNumber: 'call me', notificationPreference: 'pigeon' },
    });
    const escalation = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers,
      payload: { role: 'dev' },
    });

    expect(bad.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: {
        displayName: MSG.minLength4,
        phoneNumber: MSG.onlyNumbers,
        notificationPreference: MSG.invalidValue,
      },
    });
    expect(escalation.json().role).toBe('customer');
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/users/me' })).statusCode).toBe(401);
  });
});

describe('POST /api/users/me/password', () => {
  it('needs the current password', async () => {
    const headers = await t.authHeaders('customer_admin');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers,
      payload: {
        currentPassword: 'not-my-password',
        password: 'new-password-1',
        confirmPassword: 'new-password-1',
      },
    });

    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: MSG.wrongCurrentPassword,
      fieldErrors: { currentPassword: MSG.wrongCurrentPassword },
    });
  });
});

describe('PUT /api/users/me/shortcuts', () => {
  it('stores the pinned items on the user, at most MAX_SHORTCUTS', async () => {
    const headers = await t.authHeaders('admin');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/shortcuts',
      headers,
      payload: { shortcuts: ['lifts', 'users', 'lifts'] },
    });
    const tooMany = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/shortcuts',
      headers,
      payload: { shortcuts: Array.from({ length: MAX_SHORTCUTS + 1 }, (_, index) => `item-${index}`) },
    });
    const signedInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticatewithtoken',
      payload: { access_token: headers.authorization.slice('Bearer '.length) },
    });

    expect(saved.json().shortcuts).toEqual(['lifts', 'users']);
    expect(tooMany.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { shortcuts: MSG.tooLong } });
    expect(signedInAgain.json().user.shortcuts).toEqual(['lifts', 'users']);
  });
});

/** Where avatars are kept: the app's configuration for it, and a look at the storage itself. */
interface AvatarBackend {
  name: string;
  /** The app's environment for this backend, and how to stop what was started for it. */
  start(): Promise<{ env: Environment; stop(): Promise<void> }>;
  /** Whether the storage holds an avatar of that file name, looked at without the app. */
  holds(t: TestApp, fileName: string): Promise<boolean>;
}

const FILES_IN_DATA_DIR: AvatarBackend = {
  name: 'files in DATA_DIR',
  start: async () => ({ env: {}, stop: async () => {} }),
  holds: async (t, fileName) => existsSync(path.join(t.config.dataDir, 'storage', 'avatars', fileName)),
};

const AZURITE: AvatarBackend = {
  name: 'Azure Blob Storage (Azurite)',
  async start() {
    const azurite = await startAzurite();
    return { env: { AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString }, stop: azurite.close };
  },
  holds: (t, fileName) =>
    BlobServiceClient.fromConnectionString(t.config.azureStorageConnectionString ?? '')
      .getContainerClient('avatars')
      .getBlobClient(fileName)
      .exists(),
};

const fileNameOf = (avatarUrl: string) => avatarUrl.slice('/api/avatars/'.length);

describe.each([FILES_IN_DATA_DIR, AZURITE])('avatars in $name', (backend) => {
  // An app of its own, configured for the backend (it shadows the file's shared one on purpose).
  let t: TestApp;
  let stopBackend: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await backend.start();
    stopBackend = started.stop;
    t = await createTestApp(started.env);
  });
  afterAll(async () => {
    await t?.close();
    await stopBackend?.();
  });

  it('accepts a PNG, serves it with its type, and removes the previous one on the next upload', async () => {
    const first = await upload(t, 'customer', formData('file', 'me.png', 'image/png', PNG));
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().avatarUrl;
    expect(firstUrl).toMatch(/^\/api\/avatars\/[0-9a-f]{32}\.png$/);
    expect(await backend.holds(t, fileNameOf(firstUrl))).toBe(true);

    const served = await t.app.inject({ url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // A GIF named .jpg is a GIF: the content decides.
    const second = await upload(t, 'customer', formData('file', 'me.jpg', 'image/jpeg', GIF));
    expect(second.json().avatarUrl).toMatch(/\.gif$/);
    expect((await t.app.inject({ url: firstUrl })).statusCode).toBe(404);
    expect(await backend.holds(t, fileNameOf(firstUrl))).toBe(false);
    expect(await backend.holds(t, fileNameOf(second.json().avatarUrl))).toBe(true);
    const secondServed = await t.app.inject({ url: second.json().avatarUrl });
    expect(secondServed.headers['content-type']).toBe('image/gif');
    expect(secondServed.rawPayload.equals(GIF)).toBe(true);
  });

  it('accepts the image as the raw body too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/avatar',
      payload: PNG,
      headers: { 'content-type': 'image/png', ...(await t.authHeaders('admin')) },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().avatarUrl).toMatch(/\.png$/);
  });

  it('refuses a text file named .png with 415', async () => {
    const response = await upload(
      t,
      'customer',
      formData('file', 'evil.png', 'image/png', Buffer.from('<svg>hi</svg>')),
    );
    const textBody = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/avatar',
      payload: 'plain text',
      headers: { 'content-type': 'text/plain', ...(await t.authHeaders('customer')) },
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: MSG.imageTypeInvalid });
    expect(textBody.statusCode).toBe(415);
    expect(textBody.json()).toEqual({ message: MSG.imageTypeInvalid });
  });

  it('refuses an image over the size limit with 413', async () => {
    const justOver = Buffer.concat([PNG, Buffer.alloc(MAX_AVATAR_BYTES)]);
    const farOver = Buffer.concat([PNG, Buffer.alloc(MAX_AVATAR_BYTES * 2)]);

    for (const content of [justOver, farOver]) {
      const response = await upload(t, 'customer', formData('file', 'big.png', 'image/png', content));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: MSG.imageTooLarge });
    }
  });

  it('answers 400 when the form has no file field', async () => {
    const response = await upload(t, 'customer', formData('picture', 'me.png', 'image/png', PNG));

    expect(response.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { file: MSG.required } });
  });

  it('serves only its own file names: traversal and unknown names answer 404', async () => {
    for (const url of [
      '/api/avatars/..%2Fauth-secret',
      '/api/avatars/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '/api/avatars/auth-secret',
      `/api/avatars/${'0'.repeat(32)}.png`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('avatars saved by earlier versions', () => {
  it('adopts DATA_DIR/avatars as the avatars container at start and serves its files', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-legacy-avatars-'));
    const fileName = `${'ab'.repeat(16)}.png`;
    mkdirSync(path.join(dataDir, 'avatars'));
    writeFileSync(path.join(dataDir, 'avatars', fileName), PNG);
    const legacy = await createTestApp({ DATA_DIR: dataDir });
    try {
      const served = await legacy.app.inject({ url: `/api/avatars/${fileName}` });

      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect(existsSync(path.join(dataDir, 'avatars'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'storage', 'avatars', fileName))).toBe(true);
    } finally {
      await legacy.close();
    }
  });
});
