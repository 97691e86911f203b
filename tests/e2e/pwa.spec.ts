import { expect, type Page, test } from '@playwright/test';
import { LANDING_PATH, signInByToken, TEXT } from './support';

const FIRST_LOAD_CHUNK = /\/assets\/initial-[\w-]+\.js$/;

test('the manifest makes the portal installable', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', lang: 'de' });
  const sizes = manifest.icons.map(
    (icon: { sizes: string; purpose?: string }) => `${icon.sizes}:${icon.purpose ?? 'any'}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});

test('after one visit, a reload with the network off still shows the shell', async ({
  page,
  context,
  request,
}) => {
  await signInByToken(page, request, 'service_man');
  await page.goto(LANDING_PATH);
  await expect(page.getByRole('navigation', { name: TEXT.mainNavigation })).toBeVisible();
  // The service worker has taken control once it has precached the shell.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  await context.setOffline(true);
  await page.goto('/apps/errors');
  await expect(page.getByRole('navigation', { name: TEXT.mainNavigation })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await context.setOffline(false);
});

test('the server sends a content security policy and caches only hashed assets for long', async ({
  request,
}) => {
  const index = await request.get('/login');
  expect(index.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(index.headers()['cache-control']).toContain('no-cache');
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toContain('no-cache');
  const html = await index.text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const script = await request.get(asset as string);
  expect(script.headers()['cache-control']).toContain('immutable');
});

/**
 * Holds the app's first-load chunk until the returned function is called, so that the page shows
 * what index.html alone shows. A service worker would bypass the route: block it in the test.
 */
async function holdFirstLoadChunk(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.unroute(FIRST_LOAD_CHUNK);
  await page.route(FIRST_LOAD_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe("what index.html shows before the app's script", () => {
  test.use({ serviceWorkers: 'block' });

  test("Chakra's reset and tokens come with index.html, styled before any script, and are not inserted again", async ({
    page,
  }) => {
    const releaseScript = await holdFirstLoadChunk(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    const beforeScript = await page.evaluate(() => ({
      foreground: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-fg').trim(),
      boxSizing: getComputedStyle(document.body).boxSizing,
    }));
    // The foreground token, resolved through the palette (`--chakra-colors-black`), and the reset's box model.
    expect(beforeScript).toEqual({ foreground: '#09090B', boxSizing: 'border-box' });

    releaseScript();
    await expect(page.getByRole('button', { name: TEXT.login })).toBeVisible();
    // Emotion's own style elements hold the components' styles, never the tokens a second time.
    const tokenDefinitions = await page.evaluate(
      () =>
        [...document.styleSheets].filter((sheet) =>
          [...sheet.cssRules].some((rule) => rule.cssText.includes('--chakra-colors-fg:')),
        ).length,
    );
    expect(tokenDefinitions).toBe(1);
  });

  test('a signed-in visit shows the brand until its page is drawn; the sign-in page starts without it', async ({
    page,
    request,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    const boot = page.locator('#boot');

    let release = await holdFirstLoadChunk(page);
    await signInByToken(page, request, 'service_man');
    await page.goto('/apps/lift/lifts', { waitUntil: 'commit' });
    await expect(boot).toBeVisible();
    await expect(boot).toHaveText('Lift-Portal');
    release();
    await expect(page.getByRole('heading', { name: 'Aufzüge', level: 1 })).toBeVisible();
    await expect(boot).toHaveCount(0);

    await page.evaluate(() => localStorage.clear());
    release = await holdFirstLoadChunk(page);
    await page.goto('/login', { waitUntil: 'commit' });
    // The document is parsed (its inline script has run) while the app cannot have drawn anything.
    await page.waitForFunction(() => document.readyState !== 'loading');
    await expect(page.getByRole('main')).toHaveCount(0);
    await expect(boot).toHaveCount(0);
    release();
    await expect(page.getByRole('button', { name: TEXT.login })).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test('a new version waiting is offered, and Reload activates it and loads the page again', async ({
  page,
  request,
}) => {
  await signInByToken(page, request, 'service_man');
  await page.goto(LANDING_PATH);
  await expect(page.getByRole('navigation', { name: TEXT.mainNavigation })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  // No second build here: the same scope under another script URL is an update to the browser
  // (bytes need not differ then), installed beside the version in control and left waiting, as a
  // new deployment's sw.js is. workbox-window in the page sees it wait like any update.
  await page.evaluate(() => {
    (window as { beforeUpdate?: boolean }).beforeUpdate = true;
    return navigator.serviceWorker.register('/sw.js?second-version', { scope: '/' }).then(() => undefined);
  });
  const prompt = page.getByRole('status').filter({ hasText: 'Eine neue Version ist verfügbar' });
  await expect(prompt).toBeVisible();
  // Still the old version until the user says so.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).not.toContain(
    'second-version',
  );

  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Neu laden' }).click();
  await reloaded;
  // SKIP_WAITING activated the new version, which took the page, and the page was loaded again.
  expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain(
    'second-version',
  );
  await expect(page.getByRole('navigation', { name: TEXT.mainNavigation })).toBeVisible();
});
