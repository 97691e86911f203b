import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { UPDATE_URL, UPDATE_WEB_DIR } from '../../playwright.config';
import { LANDING_PATH, signInByToken, TEXT } from './support';

/** Resolves once a service worker controls the page (it has precached the shell). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

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
  await controlledByServiceWorker(page);
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

// On a server of its own (UPDATE_URL): it serves a copy of the web build whose sw.js this test changes.
test('a new version waits under a form with unsaved changes and loads once the form is clean', async ({
  page,
  request,
}) => {
  const swFile = path.join(UPDATE_WEB_DIR, 'sw.js');
  const released = readFileSync(swFile, 'utf8');
  await signInByToken(page, request, 'customer', UPDATE_URL);
  await page.goto(`${UPDATE_URL}/apps/profile`);
  const displayName = page.getByLabel('Anzeigename');
  await expect(displayName).not.toHaveValue('');
  const saved = await displayName.inputValue();
  await controlledByServiceWorker(page);
  // A mark on this document: it is gone once the page has reloaded.
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
  // While the page reloads there is no document to ask: count that as not yet reloaded.
  const sameDocument = () => page.evaluate(() => 'e2eSameDocument' in window).catch(() => true);

  await displayName.fill('Noch nicht gespeichert');
  try {
    // The next release: any other byte in sw.js is a new version to the browser.
    writeFileSync(swFile, `${released}\n// e2e: the next release\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'Eine neue Version ist verfügbar' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Neu laden' }).click();

    // Accepted, but the form holds unsaved text: nothing is swapped in under it.
    await expect(
      page.getByRole('status').filter({ hasText: 'sobald Sie das offene Formular speichern' }),
    ).toBeVisible();
    await expect(displayName).toHaveValue('Noch nicht gespeichert');
    expect(await sameDocument()).toBe(true);

    // The form is clean again: the new version takes over and the page reloads.
    await displayName.fill(saved);
    await expect.poll(sameDocument, { timeout: 20_000 }).toBe(false);
    await expect(page.getByLabel('Anzeigename')).toHaveValue(saved);
    await expect(page.getByRole('status').filter({ hasText: 'Eine neue Version ist verfügbar' })).toHaveCount(
      0,
    );
  } finally {
    writeFileSync(swFile, released);
  }
});
