import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import type { Role } from '../../contract/roles';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  LANDING_PATH,
  mailedPath,
  signInByToken,
  TEXT,
  TOKEN_STORAGE_KEY,
} from './support';

/** Mails go through a real SMTP server on loopback (tests/e2e/smtp-sink.ts, SMTP_URL of the main server). */

// Whole journeys (invite, mail, register, sign in twice) on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;

async function apiToken(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/users/authenticate', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * An admin creates `email` through the API (`POST /api/users/register`: the invitation mail goes
 * out); the user registers from the mailed link (`POST /api/users/updateByEmail` with its two
 * sealed parts).
 */
async function invitedAndRegistered(request: APIRequestContext, email: string, password: string, role: Role) {
  const admin = await apiToken(request, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
  const created = await request.post('/api/users/register', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { email, displayName: 'E2E user', role },
  });
  expect(created.status()).toBe(201);
  const [, , id, sealedEmail] = (await mailedPath(email, '/register/')).split('/');
  const registered = await request.post('/api/users/updateByEmail', {
    data: {
      id: decodeURIComponent(id ?? ''),
      email: decodeURIComponent(sealedEmail ?? ''),
      displayName: 'E2E user',
      phoneNumber: '0301234567',
      password,
      confirmPassword: password,
    },
  });
  expect(registered.status()).toBe(200);
}

async function signInByForm(page: Page, email: string, password: string) {
  await page.getByLabel(TEXT.email).fill(email);
  await page.getByLabel(TEXT.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: TEXT.login }).click();
  await expect(page).toHaveURL(new RegExp(`${LANDING_PATH}$`));
}

async function signOutByMenu(page: Page) {
  await page.getByRole('button', { name: TEXT.userMenu }).click();
  await page.getByRole('menuitem', { name: TEXT.logout }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Clicks Save and waits for the server's answer to `method` on /api/users (slow machines). */
async function saveUser(page: Page, method: 'POST' | 'PUT') {
  await Promise.all([
    page.waitForResponse(
      (response) => response.url().includes('/api/users') && response.request().method() === method,
    ),
    page.getByRole('button', { name: 'Speichern' }).click(),
  ]);
}

async function guestPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('an admin invites a customer; the mailed link registers him once and signs him in', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('invited');
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/users/user');
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Anzeigename').fill('Neuer Kunde');
  // An admin hands out every role of docs/access.md#who-may-grant-which-role except dev.
  await expect(page.getByLabel('Rolle').locator('option')).toHaveText([
    'Administrator',
    'Kunden-Administrator',
    'Kunde',
    'Servicetechniker',
  ]);
  await page.getByLabel('Rolle').selectOption('customer');
  await page.getByLabel('Telefonnummer').fill('12ab');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte nur Ziffern eingeben')).toBeVisible();
  // Written as people write it; the invitation carries it to the register form.
  await page.getByLabel('Telefonnummer').fill('+49 30 1234567');
  await saveUser(page, 'POST');
  await expect(page.getByText('Die Einladung wurde erfolgreich gesendet!')).toBeVisible();
  await expect(page).toHaveURL(/\/apps\/users\/users$/);

  const registerPath = await mailedPath(email, '/register/');
  const guest = await guestPage(browser);
  await guest.page.goto(registerPath);
  await expect(guest.page.getByRole('heading', { name: 'Registrieren' })).toBeVisible();
  // The register page greets owners; the sign-in page keeps "Customer Home Page!".
  await expect(guest.page.getByText('Eigentümer-Startseite!')).toBeVisible();
  await expect(guest.page.getByLabel('E-Mail')).toHaveValue(email);
  await expect(guest.page.getByLabel('E-Mail')).toHaveAttribute('readonly', '');
  const submit = guest.page.getByRole('button', { name: 'Konto anlegen' });
  await guest.page.getByLabel('Anzeigename').fill('Abc');
  await expect(guest.page.getByText(TEXT.minLength4)).toBeVisible();
  await guest.page.getByLabel('Anzeigename').fill('Neuer Kunde');
  // The inviter's phone number is filled in, written for reading, and the field is required.
  const phone = guest.page.getByLabel('Telefonnummer');
  await expect(phone).toHaveValue('+49 301234567');
  await expect(phone).toHaveAttribute('aria-required', 'true');
  await phone.fill('030 12ab');
  await expect(guest.page.getByText('Bitte nur Ziffern eingeben')).toBeVisible();
  await phone.fill('');
  await expect(guest.page.getByText('Telefonnummer ist erforderlich')).toBeVisible();
  await phone.fill('+49 (30) 123 45-67');
  // The form says what is still missing instead of a silent disabled button.
  await expect(guest.page.getByTestId('register-missing')).toHaveText(
    'Noch fehlt oder ist ungültig: Passwort, Passwort bestätigen',
  );
  await guest.page.getByLabel('Passwort', { exact: true }).fill('geheim-123');
  await guest.page.getByLabel('Passwort bestätigen').fill('geheim-124');
  await expect(guest.page.getByText('Die Passwörter stimmen nicht überein')).toBeVisible();
  await expect(guest.page.getByTestId('register-missing')).toHaveText(
    'Noch fehlt oder ist ungültig: Passwort bestätigen',
  );
  await guest.page.getByLabel('Passwort bestätigen').fill('geheim-123');
  await expect(guest.page.getByTestId('register-missing')).toBeHidden();
  await expect(submit).toBeEnabled();
  // The form sends the link's two sealed parts with the chosen password to updateByEmail.
  const [registered] = await Promise.all([
    guest.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/users/updateByEmail'),
    submit.click(),
  ]);
  expect(registered.status()).toBe(200);
  // Stored normalised: digits with the leading +.
  expect(((await registered.json()) as { user: { phoneNumber: string } }).user.phoneNumber).toBe(
    '+49301234567',
  );
  await expect(guest.page).toHaveURL(new RegExp(`${LANDING_PATH}$`));
  await expect(guest.page.getByRole('button', { name: TEXT.userMenu })).toContainText('Neuer Kunde');

  await signOutByMenu(guest.page);
  await signInByForm(guest.page, email, 'geheim-123');
  await signOutByMenu(guest.page);

  // The link works once.
  await guest.page.goto(registerPath);
  await expect(guest.page.getByRole('alert')).toHaveText('Dieser Link wurde bereits verwendet.');
  await expect(guest.page.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
  await expect(guest.page.getByRole('link', { name: TEXT.forgotPassword })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await guest.context.close();
});

test('an old link whose email is no address says so on the field and cannot be submitted', async ({
  page,
}) => {
  await page.context().route('**/api/users/invitation?**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ email: 'olga.owner-at-example', displayName: 'Olga Owner' }),
    }),
  );
  await page.goto('/register/an-old-id/an-old-email');
  await expect(page.getByText('Eigentümer-Startseite!')).toBeVisible();
  const email = page.getByLabel('E-Mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Bitte eine gültige E-Mail-Adresse eingeben')).toBeVisible();
  await page.getByLabel('Telefonnummer').fill('03012345');
  await page.getByLabel('Passwort', { exact: true }).fill('geheim-123');
  await page.getByLabel('Passwort bestätigen').fill('geheim-123');
  await expect(page.getByRole('button', { name: 'Konto anlegen' })).toBeDisabled();

  await page.getByRole('button', { name: TEXT.languageMenu }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByText('Owner Home Page!')).toBeVisible();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
});

test('an edited invitation link is refused with a clear message', async ({ page }) => {
  await page.goto('/register/not-a-sealed-id/not-a-sealed-email');
  await expect(page.getByRole('alert')).toHaveText('Dieser Link ist ungültig.');
  await expect(page.getByRole('button', { name: 'Konto anlegen' })).toHaveCount(0);
});

test('forgot password mails a reset link that sets a new password once; unknown emails get the same answer', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('forgot');
  await invitedAndRegistered(request, email, 'erstes-pw-1', 'customer');

  await page.goto('/login');
  await page.getByRole('link', { name: TEXT.forgotPassword }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The URL changes before the page has loaded its texts; the sign-in form has an E-Mail field too.
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(page).toHaveURL(/\/mail-confirm\//);
  await expect(page.getByRole('status')).toContainText(email);

  const resetPath = await mailedPath(email, '/reset-password/');
  await page.goto(resetPath);
  await expect(page.getByLabel('E-Mail')).toHaveValue(email);
  await page.getByLabel('Neues Passwort').fill('zweites-pw-2');
  await page.getByLabel('Passwort bestätigen').fill('zweites-pw-2');
  await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInByForm(page, email, 'zweites-pw-2');
  await signOutByMenu(page);

  await page.goto(resetPath);
  await expect(page.getByRole('alert')).toHaveText('Dieser Link wurde bereits verwendet.');

  // No enumeration: an address without an account gets the very same page.
  const nobody = uniqueEmail('nobody');
  await page.goto('/forgot-password');
  await page.getByLabel('E-Mail').fill(nobody);
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(page).toHaveURL(/\/mail-confirm\//);
  await expect(page.getByRole('status')).toContainText(nobody);
});

test('the user menu resets the password by mail, signed out, and the old session ends', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('menu-reset');
  await invitedAndRegistered(request, email, 'erstes-pw-1', 'customer');
  // The reset ends every session of the user: the first sync's request, held until then, comes
  // back refused (401) while the page signs out. It must still go to the mail confirmation.
  const resetAnswered = page.waitForResponse((response) =>
    response.url().includes('/api/users/forgot-password'),
  );
  await page.route('**/api/sync/pull**', async (route) => {
    await resetAnswered;
    await route.continue();
  });
  await page.goto('/login');
  await signInByForm(page, email, 'erstes-pw-1');
  const oldToken = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);

  await page.getByRole('button', { name: TEXT.userMenu }).click();
  await page.getByRole('menuitem', { name: 'Passwort zurücksetzen' }).click();
  // The link comes by mail only: the page says so, signed out, and the old token is dead.
  await expect(page).toHaveURL(/\/mail-confirm\//);
  await expect(page.getByRole('status')).toContainText(email);
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
  const withOldToken = await request.get('/api/users/me', {
    headers: { authorization: `Bearer ${oldToken}` },
  });
  expect(withOldToken.status()).toBe(401);

  await page.goto(await mailedPath(email, '/reset-password/'));
  await expect(page.getByLabel('E-Mail')).toHaveValue(email);
  await page.getByLabel('Neues Passwort').fill('drittes-pw-3');
  await page.getByLabel('Passwort bestätigen').fill('drittes-pw-3');
  await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInByForm(page, email, 'drittes-pw-3');
});

test('the profile refuses a picture that is not an image, and saves a real one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('avatar');
  await invitedAndRegistered(request, email, 'avatar-pw-1', 'customer');
  await page.goto('/login');
  await signInByForm(page, email, 'avatar-pw-1');
  await page.goto('/apps/profile');
  await expect(page.getByRole('heading', { name: 'Mein Profil', level: 1 })).toBeVisible();

  // Named .png, but the content is text: the server checks the bytes.
  await page.getByLabel('Bild auswählen').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not an image at all'),
  });
  await page.getByRole('button', { name: 'Bild hochladen' }).click();
  await expect(page.getByText('Nur JPEG-, PNG- oder GIF-Bilder sind erlaubt')).toBeVisible();

  // A 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .getByLabel('Bild auswählen')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Vorschau: noch nicht gespeichert.')).toBeVisible();
  await page.getByRole('button', { name: 'Bild hochladen' }).click();
  await expect(page.getByText('Ihr Bild wurde gespeichert.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Ihr Bild' })).toHaveAttribute('src', /\/api\/avatars\//);
});

test('starred shortcuts follow the user across a reload and to another browser', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('shortcuts');
  await invitedAndRegistered(request, email, 'shortcut-pw-1', 'customer');
  await page.goto('/login');
  await signInByForm(page, email, 'shortcut-pw-1');

  const shortcuts = page.getByRole('navigation', { name: 'Verknüpfungen' });
  await shortcuts.getByRole('button', { name: 'Verknüpfungen bearbeiten' }).click();
  const search = page.getByPlaceholder('Nach einer App oder Seite suchen');
  await search.fill('zzz');
  await expect(page.getByText('Keine Ergebnisse..')).toBeVisible();
  await search.fill('Fehl');
  await page.getByRole('button', { name: 'Fehler zu den Verknüpfungen hinzufügen' }).click();
  await expect(page.getByRole('button', { name: 'Fehler aus den Verknüpfungen entfernen' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await search.press('Escape');
  await expect(shortcuts.getByRole('link', { name: 'Fehler' })).toHaveAttribute('href', '/apps/errors');

  await page.reload();
  await expect(shortcuts.getByRole('link', { name: 'Fehler' })).toBeVisible();

  const other = await guestPage(browser);
  await other.page.goto('/login');
  await signInByForm(other.page, email, 'shortcut-pw-1');
  const otherBar = other.page.getByRole('navigation', { name: 'Verknüpfungen' });
  await expect(otherBar.getByRole('link', { name: 'Fehler' })).toBeVisible();
  await otherBar.getByRole('link', { name: 'Fehler' }).click();
  await expect(other.page).toHaveURL(/\/apps\/errors$/);
  await other.context.close();
});

test('a customer manages only service men: the role is fixed and the customers list is closed', async ({
  page,
  request,
}) => {
  await signInByToken(page, request, 'customer');
  await page.goto('/apps/servicers/servicers');
  await expect(page.getByRole('heading', { name: 'Servicetechniker', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Neuer Servicetechniker' }).click();
  await expect(page).toHaveURL(/\/apps\/servicemen\/serviceman$/);
  await expect(page.getByLabel('Rolle').locator('option')).toHaveText(['Servicetechniker']);
  await expect(page.getByLabel('Rolle')).toBeDisabled();

  const email = uniqueEmail('serviceman');
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Anzeigename').fill('Techniker Neu');
  await saveUser(page, 'POST');
  await expect(page.getByText('Die Einladung wurde erfolgreich gesendet!')).toBeVisible();
  await expect(page).toHaveURL(/\/apps\/servicers\/servicers$/);
  await page.getByLabel('Benutzer suchen').fill(email);
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
  await expect(mailedPath(email, '/register/')).resolves.toMatch(/^\/register\//);

  // Every row of his list is a service man.
  await page.getByLabel('Benutzer suchen').fill('');
  await expect(page.getByRole('cell', { name: 'Servicetechniker' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Kunde$/ })).toHaveCount(0);

  await page.goto('/apps/users/users');
  await expect(page).not.toHaveURL(/\/apps\/users\/users$/);
});

/** A new lift of the demo customer, with an IMEI and uid of its own; the admin registers it by API. */
async function newLift(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO_ACCOUNTS.admin, DEMO_PASSWORD)}` };
  const found = await request.get('/api/users', { headers, params: { search: DEMO_ACCOUNTS.customer } });
  const customer = ((await found.json()) as { users: { id: string }[] }).users[0]?.id ?? '';
  const imei = `35${String(Date.now()).slice(-11)}${Math.floor(Math.random() * 90 + 10)}`;
  const uid = `PICK-${imei.slice(-8)}`;
  const registered = await request.post('/api/lifts/register', {
    headers,
    data: { uid, address: 'Auswahlweg 3, 20095 Hamburg', imei, customers: [customer] },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return uid;
}

test('an admin edits a user, assigns him a lift found by the filter, and deletes him', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('edited');
  const [uid] = await Promise.all([
    newLift(request),
    invitedAndRegistered(request, email, 'edit-pw-1', 'customer'),
  ]);
  await signInByToken(page, request, 'admin');
  await page.goto('/apps/users/users');
  await page.getByLabel('Benutzer suchen').fill(email);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'E2E user' }).click();
  await expect(page.getByRole('heading', { name: 'Benutzer bearbeiten' })).toBeVisible();
  await expect(page.getByLabel('E-Mail', { exact: true })).toHaveValue(email);
  await page.getByLabel('Ansprechpartner').fill('Frau Muster');
  await page.getByLabel('Rechnungs-E-Mail').fill('keine-mail');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('E-Mail muss eine gültige E-Mail-Adresse sein')).toBeVisible();
  await page.getByLabel('Rechnungs-E-Mail').fill('rechnung@e2e.test');
  // The filter searches the admin's whole scope on the server, not only the first lifts listed.
  await page.getByLabel('Aufzüge filtern').fill(uid);
  await page.getByRole('checkbox', { name: new RegExp(uid) }).check();
  await expect(page.getByText('Zugeordnete Aufzüge (1)')).toBeVisible();
  await saveUser(page, 'PUT');
  await expect(page.getByText('Benutzerdaten aktualisiert')).toBeVisible();

  await page.getByLabel('Benutzer suchen').fill(email);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'E2E user' }).click();
  await expect(page.getByLabel('Ansprechpartner')).toHaveValue('Frau Muster');
  // His lift comes first, checked, with no filter typed.
  await expect(page.getByRole('checkbox', { name: new RegExp(uid) })).toBeChecked();
  await page.getByRole('button', { name: 'Benutzer löschen' }).click();
  await Promise.all([
    page.waitForResponse((response) => response.url().includes('/api/users/deleteByIds')),
    page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click(),
  ]);
  await expect(page.getByText('Erfolgreich gelöscht')).toBeVisible();
  await page.getByLabel('Benutzer suchen').fill(email);
  await expect(page.getByText('Keine Benutzer gefunden.')).toBeVisible();
});

test('the account pages speak English on request', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await page.getByRole('button', { name: TEXT.languageMenu }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
});

test('offline, an account page says it needs a connection', async ({ page, context }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: 'Link zum Zurücksetzen senden' })).toBeVisible();
  await context.setOffline(true);
  await expect(
    page.getByText('Sie sind offline. Dafür braucht es eine Verbindung zum Server.'),
  ).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Link zum Zurücksetzen senden' })).toBeVisible();
});
