import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_TTL_SECONDS } from '../contract/constants';
import { ConfigError, loadConfig } from './config';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-config-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has working defaults for a developer machine', () => {
    const dataDir = tempDir();

    const config = loadConfig({ DATA_DIR: dataDir });

    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      tokenTtlSeconds: DEFAULT_TOKEN_TTL_SECONDS,
      publicUrl: 'http://localhost:3000',
      demo: 'full',
      simulateDevices: 12,
      simProvider: 'simulator',
      topupRecipients: [],
      designEditorUrl: '',
      isProduction: false,
      logLevel: 'info',
      loginRateLimit: 10,
    });
    expect(config.webDir).toMatch(/dist[/\\]web$/);
    expect(readFileSync(path.join(config.migrationsDir, 'meta', '_journal.json'), 'utf8')).toContain(
      'entries',
    );
  });

  it('generates the auth secret once into DATA_DIR, readable only by the owner, and reuses it', () => {
    const dataDir = tempDir();

    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });

    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
  });

  it('reads and converts the variables', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      TOKEN_TTL: '60',
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      TOPUP_RECIPIENTS: 'a@example.com, b@example.com',
      PUBLIC_URL: 'https://lifts.example.com/',
      DATABASE_URL: 'postgres://user@db:5432/lifts',
      AUTH_SECRET: 'x'.repeat(40),
      ADMIN_EMAIL: 'Chef@Example.com',
    });

    expect(config).toMatchObject({
      port: 8080,
      tokenTtlSeconds: 60,
      demo: 'off',
      isProduction: true,
      topupRecipients: ['a@example.com', 'b@example.com'],
      publicUrl: 'https://lifts.example.com',
      databaseUrl: 'postgres://user@db:5432/lifts',
      authSecret: 'x'.repeat(40),
      adminEmail: 'chef@example.com',
    });
  });

  it('takes Azure Storage connection strings in the shapes the Azure SDK reads', () => {
    const valid = [
      'DefaultEndpointsProtocol=https;AccountName=lifts;AccountKey=a2V5==;EndpointSuffix=core.windows.net',
      'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=a2V5==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;',
      'BlobEndpoint=https://lifts.blob.core.windows.net/;SharedAccessSignature=sv=2024-11-04&sig=abc',
      'UseDevelopmentStorage=true',
    ];
    const invalid = [
      'https://lifts.blob.core.windows.net',
      'AccountName=lifts;AccountKey=a2V5==',
      'DefaultEndpointsProtocol=https;AccountName=lifts;AccountKey=a2V5==',
      'BlobEndpoint=https://lifts.blob.core.windows.net/',
      'DefaultEndpointsProtocol=https;AccountName=lifts;AccountKey=;EndpointSuffix=core.windows.net',
    ];

    for (const value of valid) {
      const config = loadConfig({ DATA_DIR: tempDir(), AZURE_STORAGE_CONNECTION_STRING: value });
      expect(config.azureStorageConnectionString).toBe(value);
    }
    for (const value of invalid) {
      expect(
        () => loadConfig({ DATA_DIR: tempDir(), AZURE_STORAGE_CONNECTION_STRING: value }),
        value,
      ).toThrow(/AZURE_STORAGE_CONNECTION_STRING: must be an Azure Storage connection string/);
    }
    expect(loadConfig({ DATA_DIR: tempDir() }).azureStorageConnectionString).toBeUndefined();
  });

  it('trusts X-Forwarded-For only when TRUST_PROXY says so (docs/scaling.md)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY: must be 0, 1/,
    );
  });

  it('decides demo mode from SEED_DEMO and NODE_ENV (docs/architecture.md#seed-and-demo-mode)', () => {
    const demoOf = (env: Record<string, string>) => {
      const config = loadConfig({ DATA_DIR: tempDir(), AUTH_SECRET: 'x'.repeat(40), ...env });
      return [config.demo, config.simulateDevices];
    };
    expect(demoOf({})).toEqual(['full', 12]);
    expect(demoOf({ NODE_ENV: 'test' })).toEqual(['accounts', 0]);
    expect(demoOf({ NODE_ENV: 'production' })).toEqual(['off', 0]);
    expect(demoOf({ SEED_DEMO: 'false' })).toEqual(['off', 0]);
    expect(demoOf({ SEED_DEMO: '0', NODE_ENV: 'test' })).toEqual(['off', 0]);
    expect(demoOf({ SIMULATE_DEVICES: '3' })).toEqual(['full', 3]);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '', DESIGN_EDITOR_URL: '' }).port).toBe(3000);
  });

  it('fails with every invalid variable named, and no value echoed', () => {
    const load = () =>
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        TOKEN_TTL: '0',
        AUTH_SECRET: 'short-secret',
        DATABASE_URL: 'mysql://nope',
        LOG_LEVEL: 'loud',
        AZURE_STORAGE_CONNECTION_STRING: 'AccountName=lifts;AccountKey=secret-account-key',
      });

    expect(load).toThrow(ConfigError);
    const message = (() => {
      try {
        load();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of [
      'PORT',
      'TOKEN_TTL',
      'AUTH_SECRET',
      'DATABASE_URL',
      'LOG_LEVEL',
      'AZURE_STORAGE_CONNECTION_STRING',
    ]) {
      expect(message).toContain(`${name}:`);
    }
    expect(message).not.toContain('short-secret');
    expect(message).not.toContain('secret-account-key');
  });
});

describe('loadConfig: the SIM provider (docs/sims.md)', () => {
  it('uses the simulator by default, refreshing every 15 minutes, without top-up recipients', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.simProvider).toBe('simulator');
    expect(config.simRefreshMinutes).toBe(15);
    expect(config.once.apiUrl).toBe('https://api.1nce.com/management-api');
    expect(config.topupRecipients).toEqual([]);
  });

  it('reads the 1NCE client, another API base, the schedule and the top-up recipients', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SIM_PROVIDER: '1nce',
      ONCE_CLIENT_ID: 'client-id',
      ONCE_CLIENT_SECRET: 'client-secret',
      ONCE_API_URL: 'https://sandbox.example.com/management-api/',
      SIM_REFRESH_MINUTES: '0',
      TOPUP_RECIPIENTS: 'orders@example.com, billing@example.com',
    });
    expect(config.simProvider).toBe('1nce');
    expect(config.once).toEqual({
      apiUrl: 'https://sandbox.example.com/management-api',
      clientId: 'client-id',
      clientSecret: 'client-secret',
    });
    expect(config.simRefreshMinutes).toBe(0);
    expect(config.topupRecipients).toEqual(['orders@example.com', 'billing@example.com']);
  });

  it('refuses 1nce without client credentials, and bad values, without echoing them', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), SIM_PROVIDER: '1nce', ONCE_CLIENT_ID: 'x' })).toThrow(
      /ONCE_CLIENT_SECRET/,
    );
    const load = () =>
      loadConfig({
        DATA_DIR: tempDir(),
        SIM_PROVIDER: 'twilio',
        ONCE_API_URL: 'ftp://api',
        SIM_REFRESH_MINUTES: 'often',
        TOPUP_RECIPIENTS: 'orders@example.com, not-an-address',
      });
    expect(load).toThrow(ConfigError);
    const message = (() => {
      try {
        load();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['SIM_PROVIDER', 'ONCE_API_URL', 'SIM_REFRESH_MINUTES', 'TOPUP_RECIPIENTS']) {
      expect(message).toContain(`${name}`);
    }
    expect(message).not.toContain('not-an-address');
  });
});

describe('loadConfig: the MQTT bridge (docs/device-protocol.md#mqtt)', () => {
  it('is off by default', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.mqttUrl).toBeUndefined();
    expect(config.mqttDynsec).toBe(false);
  });

  it('reads the broker URL and the dynamic-security switch', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      MQTT_URL: 'mqtt://portal:secret@broker:1883',
      MQTT_DYNSEC: '1',
    });
    expect(config.mqttUrl).toBe('mqtt://portal:secret@broker:1883');
    expect(config.mqttDynsec).toBe(true);
  });

  it('refuses another scheme, and the switch without a broker, without echoing the URL', () => {
    let message = '';
    try {
      loadConfig({ DATA_DIR: tempDir(), MQTT_URL: 'http://portal:hidden-pass@broker' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('MQTT_URL');
    expect(message).not.toContain('hidden-pass');
    expect(() => loadConfig({ DATA_DIR: tempDir(), MQTT_DYNSEC: '1' })).toThrow(
      /MQTT_DYNSEC: needs MQTT_URL/,
    );
  });
});

describe('loadConfig: push hosts beyond the public ones (docs/alarms.md#push)', () => {
  it('allows none by default', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).pushAllowHosts).toEqual([]);
  });

  it('reads host and host:port entries', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PUSH_ALLOW_HOSTS: '127.0.0.1, Push.Internal:8443,[::1]:9000',
    });
    expect(config.pushAllowHosts).toEqual([
      { hostname: '127.0.0.1', port: undefined },
      { hostname: 'push.internal', port: 8443 },
      { hostname: '[::1]', port: 9000 },
    ]);
  });

  it('refuses an entry that is not a host or host:port', () => {
    for (const bad of ['https://push.internal', 'push.internal:99999', 'push.internal/path'])
      expect(() => loadConfig({ DATA_DIR: tempDir(), PUSH_ALLOW_HOSTS: `localhost, ${bad}` }), bad).toThrow(
        /PUSH_ALLOW_HOSTS\.1: must be a comma-separated list of host or host:port/,
      );
  });
});

describe('loadConfig: the hourly mail limits (docs/api.md#rate-limits)', () => {
  it('allows 30 mails an hour per sender and 5 per recipient by default', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mailQuota).toEqual({ perSender: 30, perRecipient: 5 });
  });

  it('reads both limits and refuses values below 1', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      MAIL_SENDER_HOURLY_LIMIT: '100',
      MAIL_RECIPIENT_HOURLY_LIMIT: '10',
    });
    expect(config.mailQuota).toEqual({ perSender: 100, perRecipient: 10 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), MAIL_RECIPIENT_HOURLY_LIMIT: '0' })).toThrow(
      /MAIL_RECIPIENT_HOURLY_LIMIT: must be at least 1/,
    );
  });
});
