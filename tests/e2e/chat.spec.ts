import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Role } from '../../contract/roles';
import { SETTINGS_URL } from '../../playwright.config';
import { signInByToken, TEXT } from './support';

// Two browsers, each signing in and running its first offline sync, on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

const ADMIN_NAME = 'Anton Admin';
const CUSTOMER_NAME = 'Klaus Becker';

/** A second browser (its own cookies and storage) signed in as `role`. */
async function secondBrowser(browser: Browser, baseURL: string | undefined, role: Role) {
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const page = await context.newPage();
  await signInByToken(page, context.request, role, baseURL);
  return { context, page };
}

/** A contact's entry in the chat's contact list; its accessible name carries online state and unread count. */
const contactButton = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Kontakte' }).getByRole('button', { name: new RegExp(name) });

test('two browsers chat live: message, unread badge, typing and reply', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const hello = `Guten Tag, Herr Becker! (${stamp})`;
  const reply = `Danke, alles in Ordnung. (${stamp})`;

  await signInByToken(page, request, 'admin');
  const customer = await secondBrowser(browser, baseURL, 'customer');
  try {
    await customer.page.goto('/apps/chat');
    await expect(contactButton(customer.page, ADMIN_NAME)).toBeVisible();

    await page.goto('/apps/chat');
    // The customer's socket is connected once the admin sees him online. Both sockets open after
    // sign-in, beside each page's first offline sync, which keeps a busy machine slow for seconds.
    await expect(contactButton(page, CUSTOMER_NAME)).toHaveAccessibleName(/online/, { timeout: 20_000 });
    await contactButton(page, CUSTOMER_NAME).click();
    const adminBox = page.getByRole('textbox', { name: `Nachricht an ${CUSTOMER_NAME}` });
    await adminBox.fill(hello);
    await page.getByRole('button', { name: 'Senden' }).click();
    await expect(page.getByText('Nachricht erfolgreich gesendet')).toBeVisible();
    await expect(page.getByRole('log', { name: `Nachrichten mit ${CUSTOMER_NAME}` })).toContainText(hello);
    await expect(adminBox).toHaveValue('');

    // Live at the customer's, with an unread badge until he opens the conversation.
    const adminEntry = contactButton(customer.page, ADMIN_NAME);
    await expect(adminEntry).toHaveAccessibleName(/ungelesene Nachricht/);
    await expect(adminEntry).toContainText(hello);
    // The navigation counts it too, on every page.
    const chatLink = customer.page
      .getByRole('navigation', { name: TEXT.mainNavigation })
      .locator('a[href="/apps/chat"]');
    await expect(chatLink).toHaveAccessibleName(/1 ungelesen/);
    await adminEntry.click();
    const customerLog = customer.page.getByRole('log', { name: `Nachrichten mit ${ADMIN_NAME}` });
    await expect(customerLog).toContainText(hello);
    await expect(adminEntry).not.toHaveAccessibleName(/ungelesen/);
    await expect(chatLink).not.toHaveAccessibleName(/ungelesen/);

    // Typing shows at the admin's; the reply arrives live and the indicator goes.
    const customerBox = customer.page.getByRole('textbox', { name: `Nachricht an ${ADMIN_NAME}` });
    await customerBox.pressSequentially('Danke');
    await expect(page.getByText(`${CUSTOMER_NAME} schreibt …`)).toBeVisible();
    await customerBox.fill(reply);
    await customerBox.press('Enter');
    await expect(customerLog).toContainText(reply);
    await expect(page.getByRole('log', { name: `Nachrichten mit ${CUSTOMER_NAME}` })).toContainText(reply);
    await expect(page.getByText(`${CUSTOMER_NAME} schreibt …`)).toHaveCount(0);

    // Both messages are stored: a reload shows the conversation again, now read.
    await customer.page.reload();
    await expect(customer.page.getByRole('log', { name: `Nachrichten mit ${ADMIN_NAME}` })).toContainText(
      reply,
    );
    await expect(contactButton(customer.page, ADMIN_NAME)).not.toHaveAccessibleName(/ungelesen/);
  } finally {
    await customer.context.close();
  }
});

test('at 360 px the chat shows the list or the conversation, with a way back', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByToken(page, request, 'service_man');
  await page.goto('/apps/chat');
  const customerEntry = contactButton(page, CUSTOMER_NAME);
  await customerEntry.click();
  const box = page.getByRole('textbox', { name: `Nachricht an ${CUSTOMER_NAME}` });
  await expect(box).toBeVisible();
  await expect(customerEntry).toBeHidden();

  await page.getByRole('button', { name: 'Zurück zu den Kontakten' }).click();
  await expect(customerEntry).toBeVisible();
  await expect(box).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});

test('a star on a contact stays after a reload, and the contact links to the chat', async ({
  page,
  request,
}) => {
  await signInByToken(page, request, 'customer');
  await page.goto('/apps/contacts');
  const star = page.getByRole('button', { name: `${ADMIN_NAME} markieren` });
  await expect(star).toHaveAttribute('aria-pressed', /true|false/);
  const before = await star.getAttribute('aria-pressed');
  const after = before === 'true' ? 'false' : 'true';

  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', after);
  await expect(star).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('button', { name: `${ADMIN_NAME} markieren` })).toHaveAttribute(
    'aria-pressed',
    after,
  );

  await page.getByRole('link', { name: `Chat mit ${ADMIN_NAME}` }).click();
  await expect(page).toHaveURL(/\/apps\/chat\?contact=/);
  await expect(page.getByRole('textbox', { name: `Nachricht an ${ADMIN_NAME}` })).toBeVisible();
});

// On a server of its own: the language choice is saved on the user and would reach parallel tests.
test('the contacts page speaks English on request', async ({ page, request }) => {
  const token = await signInByToken(page, request, 'service_man', SETTINGS_URL);
  const setLanguage = (language: 'de' | 'en') =>
    request.put(`${SETTINGS_URL}/api/users/me/settings`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { language },
    });
  expect((await setLanguage('de')).ok()).toBeTruthy();
  try {
    await page.goto(`${SETTINGS_URL}/apps/contacts`);
    await expect(page.getByLabel('Kontakte suchen')).toBeVisible();
    await page.getByRole('button', { name: TEXT.languageMenu }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByLabel('Search contacts')).toBeVisible();
    await expect(page.getByRole('button', { name: `Star ${CUSTOMER_NAME}` })).toBeVisible();
  } finally {
    await setLanguage('de');
  }
});

test('a dropped connection clears the chat on screen, and the reconnect brings it back', async ({
  page,
  request,
}) => {
  // The test stands between page and server: it can cut the socket and refuse new ones.
  let serverReachable = true;
  let connected = false;
  const open = new Set<{ close(): Promise<void> }>();
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (!serverReachable) return void ws.close();
    const server = ws.connectToServer();
    // Forwarded by hand, to see socket.io's CONNECT answer ("40…") pass by.
    server.onMessage((message) => {
      if (typeof message === 'string' && message.startsWith('40')) connected = true;
      ws.send(message);
    });
    open.add(ws);
  });
  await page.route(/\/socket\.io\/.*transport=polling/, (route) =>
    serverReachable ? route.continue() : route.abort(),
  );
  await signInByToken(page, request, 'customer_admin');
  await page.goto('/apps/chat');
  const customerEntry = contactButton(page, CUSTOMER_NAME);
  await expect(customerEntry).toBeVisible();
  await expect.poll(() => connected).toBe(true);

  const dropped = page.getByRole('alert').filter({ hasText: 'Die Verbindung zum Server ist unterbrochen' });
  serverReachable = false;
  for (const ws of open) await ws.close();
  await expect(dropped).toBeVisible();
  await expect(customerEntry).toHaveCount(0);

  serverReachable = true;
  // socket.io retries with a growing pause (at most 5 s), and a loaded CI machine is slower still.
  await expect(customerEntry).toBeVisible({ timeout: 30_000 });
  await expect(dropped).toHaveCount(0);
});
