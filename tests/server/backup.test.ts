import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../contract/constants';
import type { LiftFile } from '../../contract/schemas/file';
import type { Lift } from '../../contract/schemas/lift';
import type { MessageList } from '../../contract/schemas/message';
import type { AuthResponse, User } from '../../contract/schemas/user';
import { buildApp } from '../../server/app';
import type { Environment } from '../../server/config';
import { VirtualController } from '../../server/demo/virtual-controller';
import { openStorage } from '../../server/integrations/blob/blob-storage';
import {
  formData,
  PDF_BYTES,
  PNG_BYTES,
  STORAGE_BACKENDS,
} from '../../server/modules/storage/storage-fixtures';
import { BackupRefusal, backupPortal, type PortalLocation, restorePortal } from '../../tools/backup/backup';
import { DEMO_EMAILS, testConfig } from './helpers/app';
import { createPostgresDatabase, TEST_DB_KIND } from './helpers/database';

/**
 * docs/backup.md: a portal with lifts, readings, files and accounts is backed up while stopped,
 * wiped (DATA_DIR removed, the PostgreSQL database dropped, the Azure containers deleted), restored
 * into the empty place, and started again: everything is served as before, to the old passwords,
 * the old sessions and the old device key. On this project's database (PGlite's data folder, or
 * PostgreSQL with TEST_DATABASE_URL) and each file backend.
 */

const NEW_PASSWORD = 'Restored-Secret-7';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function scratchDir(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function startPortal(env: Environment) {
  // No AUTH_SECRET: the portal generates one into DATA_DIR, which the backup must carry.
  const config = testConfig({ ...env, AUTH_SECRET: undefined });
  const app = await buildApp(config);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

/** The migrated PGlite template of the test run, as the portal's data folder: spares running every migration. */
async function preloadMigratedPglite(dataDir: string) {
  const template = new Blob([await readFile(inject('pgliteTemplatePath'))]);
  const client = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: template });
  await client.close();
}

async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { email, password } });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(STORAGE_BACKENDS)(`backup and restore (${TEST_DB_KIND}, $name)`, (backend) => {
  it('brings back lifts, readings, files and accounts into a wiped portal', async () => {
    const started = await backend.start();
    cleanups.push(started.stop);
    const dataDir = scratchDir('lift-portal-backup-data-');
    const backupDir = path.join(scratchDir('lift-portal-backup-'), 'backup');

    let databaseUrl: string | undefined;
    if (TEST_DB_KIND === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      databaseUrl = database.url;
    } else await preloadMigratedPglite(dataDir);
    let env: Environment = {
      ...started.env,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };

    // A portal in use.
    let portal = await startPortal(env);
    let app = portal.app;
    const admin = (await signIn(app, DEMO_EMAILS.admin, DEMO_PASSWORD)).json<AuthResponse>();
    const customerSession = (await signIn(app, DEMO_EMAILS.customer, DEMO_PASSWORD)).json<AuthResponse>();
    const serviceMan = (await signIn(app, DEMO_EMAILS.service_man, DEMO_PASSWORD)).json<AuthResponse>();
    const changed = await app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: bearer(customerSession.access_token),
      payload: { currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const customer = (await signIn(app, DEMO_EMAILS.customer, NEW_PASSWORD)).json<AuthResponse>();

    const registered = await app.inject({
      method: 'POST',
      url: '/api/lifts/register',
      headers: bearer(admin.access_token),
      payload: {
        uid: 'BACKUP-1',
        address: 'Sicherungsweg 1, 10115 Berlin',
        imei: '356938035640001',
        customers: [customer.user.id],
        servicemen: [serviceMan.user.id],
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const lift = registered.json<Lift & { deviceKey: string }>();

    const controller = new VirtualController({
      imei: lift.imei,
      key: lift.deviceKey,
      url: portal.url,
      reconnect: false,
      ackTimeoutMs: 20_000,
    });
    await controller.connect();
    const ts = Date.now();
    expect(await controller.sendRaw('stats', { seq: 1, ts, trips: 42, operatingHours: 3.5 })).toMatchObject({
      ok: true,
    });
    expect(
      await controller.sendRaw('event', { seq: 2, ts: ts + 1, code: 101, type: 'error', active: true }),
    ).toMatchObject({ ok: true });
    controller.close();

    const uploadForm = formData(
      { uid: randomUUID(), liftId: lift.id },
      { fileName: 'Schaltplan.pdf', type: 'application/pdf', content: PDF_BYTES },
    );
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/files/register',
      payload: uploadForm.payload,
      headers: { ...uploadForm.headers, ...bearer(serviceMan.access_token) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json<LiftFile>();
    const avatarForm = formData({}, { fileName: 'ich.png', type: 'image/png', content: PNG_BYTES });
    const avatar = await app.inject({
      method: 'POST',
      url: '/api/users/me/avatar',
      payload: avatarForm.payload,
      headers: { ...avatarForm.headers, ...bearer(customer.access_token) },
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const avatarUrl = avatar.json<User>().avatarUrl;
    expect(avatarUrl).toBeTruthy();
    await app.close();

    // Backed up while stopped, then everything wiped.
    const location: PortalLocation = {
      dataDir,
      databaseUrl,
      azureStorageConnectionString: started.env.AZURE_STORAGE_CONNECTION_STRING,
    };
    const backup = await backupPortal(location, backupDir);
    expect(backup.blobs).toBeGreaterThanOrEqual(2);
    expect(backup.manifest.dataFiles).toContain('auth-secret');

    rmSync(dataDir, { recursive: true, force: true });
    if (location.azureStorageConnectionString) {
      const storage = await openStorage({
        azureStorageConnectionString: location.azureStorageConnectionString,
        dataDir,
      });
      for (const container of await storage.listContainers()) await storage.deleteContainer(container.name);
      rmSync(dataDir, { recursive: true, force: true });
    }
    if (TEST_DB_KIND === 'postgres') {
      const fresh = await createPostgresDatabase();
      cleanups.push(fresh.drop);
      location.databaseUrl = fresh.url;
      env = { ...env, DATABASE_URL: fresh.url };
    }

    const restored = await restorePortal(location, backupDir);
    expect(restored.blobs).toBe(backup.blobs);

    // The restored portal serves everything again.
    portal = await startPortal(env);
    app = portal.app;
    cleanups.push(() => app.close());
    expect((await signIn(app, DEMO_EMAILS.customer, DEMO_PASSWORD)).statusCode).toBe(401);
    const again = await signIn(app, DEMO_EMAILS.customer, NEW_PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    const oldSession = await app.inject({ url: '/api/users/me', headers: bearer(customer.access_token) });
    expect(oldSession.statusCode, 'a session of before the backup').toBe(200);
    const headers = bearer(again.json<AuthResponse>().access_token);

    const seen = await app.inject({ url: `/api/lifts/${lift.id}`, headers });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<Lift>()).toMatchObject({ uid: 'BACKUP-1', imei: lift.imei });
    expect(seen.json<Lift>().stats.trips).toBe(42);
    const errors = await app.inject({ url: `/api/messages/getDetailedMsgs?liftId=${lift.id}`, headers });
    expect(errors.json<MessageList>().messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ liftId: lift.id, code: 101, kind: 'error' })]),
    );
    const stats = await app.inject({ url: `/api/messages/getStatsMsgs?liftId=${lift.id}`, headers });
    expect(stats.json<MessageList>().messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ liftId: lift.id, trips: 42 })]),
    );

    const files = await app.inject({ url: `/api/files/getByLiftId?liftId=${lift.id}`, headers });
    expect(files.json<{ files: LiftFile[] }>().files.map((f) => f.id)).toEqual([file.id]);
    const content = await app.inject({ url: file.url, headers });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(PDF_BYTES)).toBe(true);
    const picture = await app.inject({ url: avatarUrl ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(PNG_BYTES)).toBe(true);

    // The controller's key still works against the restored portal.
    const back = new VirtualController({
      imei: lift.imei,
      key: lift.deviceKey,
      url: portal.url,
      reconnect: false,
      ackTimeoutMs: 20_000,
    });
    await back.connect();
    expect(
      await back.sendRaw('stats', { seq: 3, ts: Date.now(), trips: 43, operatingHours: 3.6 }),
    ).toMatchObject({
      ok: true,
    });
    back.close();
    await app.close();

    // A second restore over it refuses to overwrite what is there.
    await expect(restorePortal(location, backupDir)).rejects.toBeInstanceOf(BackupRefusal);
  }, 180_000);
});
