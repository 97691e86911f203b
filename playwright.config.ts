import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tools/chromium.mjs';

/**
 * End-to-end tests drive the production build on the real server in Debian's Chromium.
 * Two servers, each on its own fresh PGlite data directory with the demo accounts:
 * the main one, and one whose tokens live only a few seconds for the expiry test.
 */
/** First of the three ports; another base lets two checkouts run their suites side by side. */
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
export const MAIN_URL = `http://127.0.0.1:${PORT_BASE}`;
export const SHORT_TOKEN_URL = `http://127.0.0.1:${PORT_BASE + 1}`;
export const SHORT_TOKEN_TTL_SECONDS = 8;
/** A server of its own for tests that change a demo user's saved settings. */
export const SETTINGS_URL = `http://127.0.0.1:${PORT_BASE + 2}`;
/** The real SMTP server the main server mails to (tests/e2e/smtp-sink.ts), and where it keeps what it got. */
export const SMTP_PORT = PORT_BASE + 9;
export const SMTP_MAILBOX_FILE = `.tmp/e2e-mails-${PORT_BASE}.jsonl`;
/** While this file exists the SMTP sink refuses recipients at `@refused.e2e.test` for good (550). */
export const SMTP_REFUSE_FILE = `.tmp/e2e-smtp-refuse-${PORT_BASE}`;
/** The loopback push service of tests/e2e/alarms.spec.ts: the main server may push only to it there. */
export const PUSH_PORT = PORT_BASE + 8;
/** Who gets SIM top-up requests from the main server (tests/e2e/sims.spec.ts). */
export const TOPUP_RECIPIENTS = ['topup-orders@e2e.test', 'topup-billing@e2e.test'];

function server(port: number, env: Record<string, string> = {}) {
  const dataDir = `.tmp/e2e-data-${port}`;
  return {
    command: `rm -rf ${dataDir} && node dist/server/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A loaded machine (several checkouts sharing its cores) may need longer: E2E_SERVER_TIMEOUT_MS.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 60_000),
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SIMULATE_DEVICES: '0',
      LOGIN_RATE_LIMIT: '1000',
      ADDRESS_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      DESIGN_EDITOR_URL: 'https://designer.example.com/',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/smtp-sink.ts',
  fullyParallel: true,
  workers: 2,
  // One retry everywhere, as in CI: on a loaded two-core machine the tests that wait for a first
  // sync fail now and then; a retried test is reported as flaky by tools/test-summary.mjs, not hidden.
  retries: 1,
  // Hang guards, not speed checks: on a quiet machine the longest plain test takes about 30 s and a
  // wait about 2 s, and a CI run has gone at a third of that pace (a first page's heading after
  // 10 s). A test that hangs costs its guard twice (the retry), so these stay well below what
  // would stretch the suite.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL: MAIN_URL,
    launchOptions: chromiumLaunchOptions(),
    locale: 'de-DE',
    // Recording a trace of every test costs the browser a good share of its time; a failing
    // test is run again (retries: 1) and that run is traced.
    trace: 'on-first-retry',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    server(PORT_BASE, {
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      TOPUP_RECIPIENTS: TOPUP_RECIPIENTS.join(','),
      PASSWORD_RESET_RATE_LIMIT: '1000',
      REGISTER_RATE_LIMIT: '1000',
      // Offers and order confirmations of several specs (and their retries) go to the same demo customer.
      MAIL_RECIPIENT_HOURLY_LIMIT: '1000',
      // Every spec's faulty lift belongs to the demo customer: more alarms in an hour than he would get.
      ALARM_NOTICE_HOURLY_LIMIT: '1000',
      PUSH_ALLOW_HOSTS: `127.0.0.1:${PUSH_PORT}`,
    }),
    server(PORT_BASE + 1, { TOKEN_TTL: String(SHORT_TOKEN_TTL_SECONDS) }),
    server(PORT_BASE + 2),
  ],
});
