import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Role } from '../../contract/roles';
import { apiReader, navigate, settle, trackRequests } from './page-walk';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  LANDING_PATH,
  mailedPath,
  openSimSession,
  showIn,
  signInByToken,
} from './support';

/**
 * axe-core finds no critical and no serious violation on any page the navigation offers a role,
 * in German and English, on a desk (1280 px) and a phone (390 px); the phone's navigation drawer,
 * every tab of the lift page, a project page and the guest pages are checked too. The pages come
 * from the menu as the app draws it for the role (src/app/navigation.ts), so a new page is
 * covered without touching this file. Moderate and minor findings are listed in the test's
 * annotations, not failed.
 *
 * Fast on purpose: a test per role and language signs in once and goes from page to page by
 * client-side navigation (tests/e2e/page-walk.ts), with one axe run per page and width.
 */

const ROLES: Role[] = ['dev', 'admin', 'customer_admin', 'customer', 'service_man'];
const LANGUAGES = ['de', 'en'] as const;
const DESK = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const WIDTHS = [DESK, PHONE];

/** Words the test looks for, in both languages. */
const WORDS = {
  de: {
    mainNavigation: 'Hauptnavigation',
    openNavigation: 'Navigation öffnen',
    liftDetails: 'Aufzugsdetails',
  },
  en: { mainNavigation: 'Main navigation', openNavigation: 'Open navigation', liftDetails: 'Lift details' },
};

/** Animations end at once, so colours are measured at rest, not mid-fade. */
test.use({ reducedMotion: 'reduce' });
test.beforeEach(async ({ page }) => page.addInitScript({ path: AXE_SCRIPT }));

interface Audit {
  failures: string[];
  lesser: string[];
  /** Views checked, and the time axe took over them. */
  views: number;
  axeMs: number;
}

const newAudit = (): Audit => ({ failures: [], lesser: [], views: 0, axeMs: 0 });

/** Says what was found beside the test's result: moderate and minor findings, views and time. */
function annotate(found: Audit) {
  const { annotations } = test.info();
  annotations.push({
    type: 'axe',
    description: `${found.views} views, ${Math.round(found.axeMs / 1000)} s in axe`,
  });
  for (const finding of found.lesser)
    annotations.push({ type: 'axe moderate or minor', description: finding });
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * axe-core as @axe-core/playwright brings it, put in every document before the app's scripts. The
 * builder would otherwise send and start its half-megabyte source twice per run, which took longer
 * than the run itself; told that axe is there already (`AXE_PRESENT`), it only runs it.
 */
const AXE_SCRIPT = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
  'axe-core/axe.min.js',
);
const AXE_PRESENT = "if (!window.axe) throw new Error('axe-core was not loaded with the page')";

const describe = (violation: Violation) =>
  `${violation.id} (${violation.impact}): ${violation.nodes
    .slice(0, 3)
    .map(
      (node) =>
        `${node.target.join(' ')} ${node.html.slice(0, 120)} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
    )
    .join('; ')}${violation.nodes.length > 3 ? `; and ${violation.nodes.length - 3} more` : ''}`;

async function audit(page: Page, where: string, found: Audit) {
  const started = Date.now();
  const { violations } = await new AxeBuilder({ page, axeSource: AXE_PRESENT })
    // axe straight in the page: the default mode opens a blank page for every run to put the
    // frames' results together, which costs more than the run itself. The portal has no frames
    // on the pages checked here.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  found.axeMs += Date.now() - started;
  found.views++;
  for (const violation of violations) {
    const serious = violation.impact === 'critical' || violation.impact === 'serious';
    (serious ? found.failures : found.lesser).push(`${where}: ${describe(violation)}`);
  }
}

interface Samples {
  liftId?: string;
  projectId?: string;
}

async function samplesFor(request: APIRequestContext, token: string): Promise<Samples> {
  const get = apiReader(request, token);
  const lifts = await get('/api/lifts/getByPagination?page=1&pageSize=1');
  const projects = await get('/api/projects');
  return { liftId: lifts?.lifts?.[0]?.id, projectId: projects?.projects?.[0]?.id };
}

// A test per role and language, so each stays well inside its time limit on a slow machine.
for (const role of ROLES) {
  for (const language of LANGUAGES) {
    test(`axe finds nothing serious on the pages of ${role} in ${language}`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const token = await signInByToken(page, request, role);
      await openSimSession(page, request, token, role);
      const samples = await samplesFor(request, token);
      const openRequests = trackRequests(page);
      const found = newAudit();
      const words = WORDS[language];
      await showIn(page, language);
      await page.setViewportSize(DESK);
      await page.goto(LANDING_PATH);
      const navigation = page.getByRole('navigation', { name: words.mainNavigation });
      await expect(navigation).toBeVisible();
      const paths = await navigation
        .locator('a[href^="/"]')
        .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href') ?? ''))]);
      expect(paths.length).toBeGreaterThan(3);
      const extra = [
        '/apps/profile',
        ...(samples.liftId ? [`/apps/lift/lifts/${samples.liftId}`] : []),
        ...(samples.projectId ? [`/apps/projects/projects/${samples.projectId}`] : []),
      ];

      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        for (const path of [...paths, ...extra]) {
          await navigate(page, path, openRequests);
          const where = `${role} ${language} ${size.width} px ${new URL(page.url()).pathname}`;
          if (path.startsWith('/apps/lift/lifts/')) {
            const tabs = page.getByRole('tablist', { name: words.liftDetails }).getByRole('tab');
            await expect(tabs.first()).toBeVisible();
            const count = await tabs.count();
            expect(count).toBeGreaterThan(3);
            for (let index = 0; index < count; index++) {
              await tabs.nth(index).click();
              await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
              await settle(page, openRequests);
              await audit(page, `${where} (tab ${await tabs.nth(index).innerText()})`, found);
            }
            continue;
          }
          await audit(page, where, found);
        }
        if (size === PHONE) {
          // The navigation drawer, as a phone shows the menu.
          await page.getByRole('button', { name: words.openNavigation }).click();
          await expect(page.getByRole('dialog').getByRole('navigation')).toBeVisible();
          await settle(page, openRequests);
          await audit(page, `${role} ${language} ${size.width} px navigation drawer`, found);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        }
      }
      annotate(found);
      expect(found.failures, `critical and serious axe violations as ${role} in ${language}`).toEqual([]);
    });
  }
}

/**
 * The pages before sign-in: sign-in, forgot password, and the forms behind a mailed invitation and
 * a mailed reset link (an admin invites two users through the API; one registers, then asks for a
 * new password), besides the pages of a refused link and of a sent mail.
 */
async function guestPages(request: APIRequestContext): Promise<string[]> {
  const signedIn = await request.post('/api/users/authenticate', {
    data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const admin = ((await signedIn.json()) as { access_token: string }).access_token;
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const invited = `axe-invited-${stamp}@e2e.test`;
  const resetting = `axe-reset-${stamp}@e2e.test`;
  for (const email of [invited, resetting]) {
    const created = await request.post('/api/users/register', {
      headers: { Authorization: `Bearer ${admin}` },
      data: { email, displayName: 'Axe E2E', role: 'customer' },
    });
    expect(created.status()).toBe(201);
  }
  const registerPath = await mailedPath(invited, '/register/');
  const [, , id, sealedEmail] = (await mailedPath(resetting, '/register/')).split('/');
  const registered = await request.post('/api/users/updateByEmail', {
    data: {
      id: decodeURIComponent(id ?? ''),
      email: decodeURIComponent(sealedEmail ?? ''),
      displayName: 'Axe E2E',
      phoneNumber: '0301234567',
      password: 'axe-e2e-1234',
      confirmPassword: 'axe-e2e-1234',
    },
  });
  expect(registered.status()).toBe(200);
  expect((await request.post('/api/users/forgot-password', { data: { email: resetting } })).status()).toBe(
    200,
  );
  const resetPath = await mailedPath(resetting, '/reset-password/');
  return [
    '/login',
    '/forgot-password',
    registerPath,
    resetPath,
    '/reset-password/not-a-token',
    `/mail-confirm/${encodeURIComponent(resetting)}`,
  ];
}

test('axe finds nothing serious on the guest pages', async ({ page, request }) => {
  const paths = await guestPages(request);
  const openRequests = trackRequests(page);
  const found = newAudit();
  await page.goto('/login');
  for (const language of LANGUAGES) {
    // A guest's choice lives on the device (src/data/i18n/i18n.ts).
    await page.evaluate((value) => localStorage.setItem('lift-portal.language', value), language);
    await page.setViewportSize(DESK);
    await page.reload();
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (const path of paths) {
        await navigate(page, path, openRequests);
        await audit(page, `guest ${language} ${size.width} px ${path.split('/', 2).join('/')}`, found);
      }
    }
  }
  annotate(found);
  expect(found.failures, 'critical and serious axe violations on the guest pages').toEqual([]);
});
