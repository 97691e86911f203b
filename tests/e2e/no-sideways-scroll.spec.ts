import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Role } from '../../contract/roles';
import { apiReader, navigate, settle, trackRequests } from './page-walk';
import { LANDING_PATH, openSimSession, signInByToken, TEXT } from './support';

/**
 * No page scrolls sideways on a 360 px phone, for any role. The pages come from the app itself, so
 * a new page is checked without touching this file: every route of the router's tree
 * (src/routeTree.gen.ts) is opened as each role, and the ones the role may not open redirect away
 * (src/app/route-access.ts) and are left out; the role's navigation (src/app/navigation.ts) must be
 * among the pages checked. Routes with parameters take samples from the role's own data below; a
 * new one without a sample fails the test until it gets one. Beyond each page's first view, every tab
 * of the lift detail is opened (with the visit and notes dialogs where the role has them), and the chat is checked with a message preview showing (the role
 * sends one through the API first).
 */

const PHONE = { width: 360, height: 740 };
const ROLES: Role[] = ['dev', 'admin', 'customer_admin', 'customer', 'service_man'];

/** Routes that are not pages of their own: redirects, the sign-out, the catch-all. */
const NOT_PAGES = new Set(['/$', '/', '/logout', '/apps/lift/', '/apps/projects/', '/apps/simcard/']);
/** Guest pages (src/routes/_guest) and error pages: checked signed out. */
const GUEST_SAMPLES: Record<string, string[]> = {
  '/login': ['/login'],
  '/forgot-password': ['/forgot-password'],
  '/mail-confirm/$email': ['/mail-confirm/someone%40example.com'],
  '/reset-password/$email': ['/reset-password/not-a-token'],
  '/register/$id/$email': ['/register/not-an-id/not-an-email'],
  '/errors/error-404': ['/errors/error-404'],
  '/errors/error-500': ['/errors/error-500'],
};

/** Every route of the router's tree, by its full path. */
function routePaths(): string[] {
  const tree = readFileSync('src/routeTree.gen.ts', 'utf8');
  const block = tree.match(/export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/)?.[1] ?? '';
  return [...block.matchAll(/^\s+'([^']+)':/gm)].map((match) => match[1] as string);
}

interface Samples {
  liftId?: string;
  userId?: string;
  servicemanId?: string;
  contactId?: string;
  /** A panel template (staff only). */
  templateId?: string;
  /** An alarm of one of this role's lifts, if any is raised by now. */
  alarmId?: string;
  descriptionNumber?: number;
  /** The chat message this role sent to `contactId` (one long word: it must truncate, not widen). */
  chatPreview?: string;
}

/** What the chat messages sent here look like. */
const CHAT_PREVIEW = /Breitentest-x{60}-\d+/;

/** Ids of this role's own data, for the pages with parameters. */
async function samplesFor(request: APIRequestContext, token: string): Promise<Samples> {
  const headers = { Authorization: `Bearer ${token}` };
  const get = apiReader(request, token);
  const lifts = await get('/api/lifts/getByPagination?page=1&pageSize=1');
  const users = await get('/api/users?page=1&pageSize=5');
  const servicemen = await get('/api/users?page=1&pageSize=5&role=service_man');
  const contacts = await get('/api/chat/contacts');
  const templates = await get('/api/templates');
  const alarms = await get('/api/alarms');
  const descriptions = await get('/api/descriptions');
  // Not to the demo customer: chat.spec.ts counts his unread messages.
  const list: { id: string; role: Role }[] = Array.isArray(contacts) ? contacts : [];
  const contactId = (list.find((contact) => contact.role !== 'customer') ?? list[0])?.id;
  let chatPreview: string | undefined;
  if (contactId) {
    const text = `Breitentest-${'x'.repeat(60)}-${Date.now()}`;
    expect(text).toMatch(CHAT_PREVIEW);
    const sent = await request.post('/api/chat/messages', {
      headers,
      data: { contactId, messageText: text },
    });
    expect(sent.status()).toBe(201);
    chatPreview = text;
  }
  return {
    chatPreview,
    templateId: templates?.templates?.[0]?.id,
    alarmId: alarms?.alarms?.[0]?.id,
    descriptionNumber: Array.isArray(descriptions) ? descriptions[0]?.number : undefined,
    liftId: lifts?.lifts?.[0]?.id,
    userId: users?.users?.[0]?.id,
    servicemanId: servicemen?.users?.[0]?.id,
    contactId,
  };
}

/** Concrete addresses for a route with parameters; undefined: no sample known (the test says so). */
function signedInSamples(route: string, s: Samples): string[] | undefined {
  const withId = (base: string, id: string | undefined) => [base, ...(id ? [`${base}/${id}`] : [])];
  const samples: Record<string, string[]> = {
    '/apps/lift/lifts/$liftId/{-$deviceId}': s.liftId ? [`/apps/lift/lifts/${s.liftId}`] : [],
    '/apps/users/user/{-$id}': withId('/apps/users/user', s.userId),
    '/apps/users/$appId': s.userId ? [`/apps/users/${s.userId}`] : [],
    '/apps/servicemen/serviceman/{-$id}': withId('/apps/servicemen/serviceman', s.servicemanId),
    '/apps/servicers/$appId': s.servicemanId ? [`/apps/servicers/${s.servicemanId}`] : [],
    '/apps/simcard/sim/{-$iccid}': ['/apps/simcard/sim'],
    '/apps/tableau/$folderType': ['/apps/tableau/public', '/apps/tableau/private', '/apps/tableau/templates'],
    '/apps/tableau/editor/$templateId': s.templateId ? [`/apps/tableau/editor/${s.templateId}`] : [],
    '/apps/projects/projects/$projectId/{-$userId}': ['/apps/projects/projects/1'],
    '/apps/alarms/$alarmId': s.alarmId ? [`/apps/alarms/${s.alarmId}`] : [],
    '/apps/descriptions/$number':
      s.descriptionNumber === undefined ? [] : [`/apps/descriptions/${s.descriptionNumber}`],
    '/apps/chat': ['/apps/chat', ...(s.contactId ? [`/apps/chat?contact=${s.contactId}`] : [])],
  };
  if (route in samples) return samples[route];
  // Index routes end in '/' in the tree ('/apps/lift/lifts/'); the app links them without it.
  return /[$]/.test(route) ? undefined : [route.replace(/(.)\/$/, '$1')];
}

/** Null when the page fits; else its width and the element that reaches furthest right. */
async function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    let widest: Element | null = null;
    let widestRight = root.clientWidth;
    for (const element of document.body.querySelectorAll('*')) {
      const right = element.getBoundingClientRect().right;
      // `>=`: of equally wide ones the innermost (later in document order) names the culprit.
      if (right >= widestRight && right > root.clientWidth + 0.5) {
        widest = element;
        widestRight = right;
      }
    }
    const describe = (element: Element | null) => {
      if (!element) return 'unknown element';
      const id = element.id ? `#${element.id}` : '';
      const testId = element.getAttribute('data-testid');
      const classes = [...element.classList]
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      return `<${element.tagName.toLowerCase()}${id}${classes}${testId ? ` data-testid=${testId}` : ''}> "${text}"`;
    };
    return `${root.scrollWidth} px wide (viewport ${root.clientWidth} px); widest: ${describe(widest)} reaching ${Math.round(widestRight)} px`;
  });
}

/**
 * Null when the open dialog fits the phone; else what sticks out. A dialog floats above the page, so
 * the page's own width does not show it: its box must lie within the viewport and its content must
 * not scroll sideways.
 */
async function dialogOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const dialog of document.querySelectorAll('[role="dialog"]')) {
      const box = dialog.getBoundingClientRect();
      const name = dialog.getAttribute('aria-label') ?? dialog.querySelector('h2')?.textContent ?? 'dialog';
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5)
        problems.push(`"${name}" spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
      for (const part of [dialog, ...dialog.querySelectorAll('*')]) {
        const style = getComputedStyle(part);
        // A table's own scroll box may scroll; a form or its body must not.
        if (part.closest('table') || style.overflowX === 'visible') continue;
        if (part.scrollWidth > part.clientWidth + 1 && part.tagName !== 'TEXTAREA')
          problems.push(
            `"${name}": <${part.tagName.toLowerCase()}> scrolls sideways (${part.scrollWidth} > ${part.clientWidth} px)`,
          );
      }
    }
    return problems.length ? problems.join('; ') : null;
  });
}

/** Opens the dialog behind `button` (when the role has it), checks it, and closes it again. */
async function checkDialog(
  page: Page,
  button: ReturnType<Page['getByRole']>,
  label: string,
): Promise<string[]> {
  if ((await button.count()) === 0) return [];
  await button.first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // Measured once the dialog has finished opening.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const overflow = await dialogOverflow(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return overflow ? [`${label}: ${overflow}`] : [];
}

/** More views of a page than its first: run after its first view passed or failed; answers the failures. */
type ExtraViews = (page: Page, path: string, openRequests: () => string[]) => Promise<string[]>;

/** The lift detail's tabs in their German names (src/features/lifts/LiftDetailPage.tsx `TABS`). */
const LIFT_TABS = ['Übersicht', 'Fehler und Infos', 'Statistik', 'Parameter', 'Dateien', 'Personen'];

/** Every tab of the lift detail; on a phone "Fehler und Infos" is a card list, not the table. */
const liftTabs: ExtraViews = async (page, path, openRequests) => {
  const failures: string[] = [];
  const tabs = page.getByRole('tablist', { name: 'Aufzugsdetails' }).getByRole('tab');
  expect(await tabs.allInnerTexts()).toEqual(LIFT_TABS);
  for (const name of LIFT_TABS) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await settle(page, openRequests, 'headingOrError');
    if (name === 'Fehler und Infos') {
      await expect(page.locator('ul[aria-label="Letzte Fehler und Infos"]')).toHaveCount(1);
      await expect(page.getByRole('tabpanel').locator('table')).toHaveCount(0);
    }
    const overflow = await sidewaysOverflow(page);
    if (overflow) failures.push(`${path} (tab ${name}): ${overflow}`);
    // The dialogs a service man opens in the shaft: a visit, a fault's notes.
    if (name === 'Übersicht')
      failures.push(
        ...(await checkDialog(
          page,
          page.getByRole('button', { name: 'Besuch eintragen' }),
          `${path} (visit dialog)`,
        )),
      );
    if (name === 'Fehler und Infos')
      failures.push(
        ...(await checkDialog(
          page,
          page.getByRole('button', { name: 'Notiz hinzufügen' }),
          `${path} (notes dialog)`,
        )),
      );
  }
  return failures;
};

/**
 * The chat list shows a preview of one of the messages sent in `samplesFor` (another role's test,
 * running beside this one, may have written to the same contact since).
 */
const chatPreview: ExtraViews = async (page) => {
  await expect(page.getByRole('list', { name: 'Kontakte' }).getByText(CHAT_PREVIEW).first()).toBeVisible();
  return [];
};

/** Opens each of `paths` as a link would, from the page already open (tests/e2e/page-walk.ts). */
async function checkPages(
  page: Page,
  paths: string[],
  extraViews: Record<string, ExtraViews> = {},
): Promise<{ checked: string[]; failures: string[]; landedOn: Map<string, string> }> {
  const openRequests = trackRequests(page);
  const checked: string[] = [];
  const failures: string[] = [];
  const landedOn = new Map<string, string>();
  for (const path of paths) {
    // Every route is checked, an error view (a sample id the role cannot open) too.
    await navigate(page, path, openRequests, 'headingOrError');
    const landed = new URL(page.url());
    const wanted = new URL(path, landed.origin);
    landedOn.set(wanted.pathname, landed.pathname);
    // Redirected away: a page this role may not open (or a guest page while signed in).
    if (landed.pathname.replace(/\/$/, '') !== wanted.pathname.replace(/\/$/, '')) continue;
    checked.push(path);
    const overflow = await sidewaysOverflow(page);
    if (overflow) failures.push(`${path}: ${overflow}`);
    const extra = extraViews[path];
    if (extra) failures.push(...(await extra(page, path, openRequests)));
  }
  return { checked, failures, landedOn };
}

for (const role of ROLES) {
  test(`no page of ${role} scrolls sideways at 360 px`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await signInByToken(page, request, role);
    const samples = await samplesFor(request, token);
    await openSimSession(page, request, token, role);

    // The role's navigation, as the app draws it for him.
    await page.goto(LANDING_PATH);
    const navigation = page.getByRole('navigation', { name: TEXT.mainNavigation });
    await expect(navigation).toBeVisible();
    const navigationPaths = await navigation
      .locator('a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href') ?? ''))]);
    expect(navigationPaths.length).toBeGreaterThan(3);

    const unknown: string[] = [];
    const paths = routePaths()
      .filter((route) => !NOT_PAGES.has(route) && !(route in GUEST_SAMPLES))
      .flatMap((route) => {
        const concrete = signedInSamples(route, samples);
        if (!concrete) unknown.push(route);
        return concrete ?? [];
      });
    expect(unknown, 'routes with parameters need a sample in signedInSamples').toEqual([]);

    await page.setViewportSize(PHONE);
    const extraViews: Record<string, ExtraViews> = {};
    if (samples.liftId) extraViews[`/apps/lift/lifts/${samples.liftId}`] = liftTabs;
    if (samples.chatPreview) extraViews['/apps/chat'] = chatPreview;
    const { checked, failures, landedOn } = await checkPages(page, paths, extraViews);
    const checkedPathnames = new Set(checked.map((path) => new URL(path, 'http://x').pathname));
    // A menu entry that redirects (`/apps/projects`, the SIM list before its sign-in) is checked as
    // the page it leads to.
    const redirects = new Set([...NOT_PAGES].map((route) => route.replace(/(.)\/$/, '$1')));
    for (const path of navigationPaths.filter((path) => !redirects.has(path))) {
      const reached = checkedPathnames.has(path) || checkedPathnames.has(landedOn.get(path) ?? '');
      expect(reached, `menu entry ${path} was checked`).toBe(true);
    }
    if (samples.liftId) expect(checked).toContain(`/apps/lift/lifts/${samples.liftId}`);
    if (samples.chatPreview) expect(checked).toContain('/apps/chat');
    expect(failures, `pages of ${role} that scroll sideways at 360 px`).toEqual([]);
  });
}

test('no guest page scrolls sideways at 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const guestRoutes = routePaths().filter((route) => route in GUEST_SAMPLES);
  expect(guestRoutes.sort()).toEqual(Object.keys(GUEST_SAMPLES).sort());
  await page.goto('/login');
  const { checked, failures } = await checkPages(
    page,
    guestRoutes.flatMap((route) => GUEST_SAMPLES[route] ?? []),
  );
  expect(checked.length).toBe(guestRoutes.length);
  expect(failures, 'guest pages that scroll sideways at 360 px').toEqual([]);
});
