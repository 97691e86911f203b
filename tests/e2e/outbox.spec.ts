import { expect, test } from '@playwright/test';
import type { AlarmListItem } from '../../contract/schemas/alarm';
import { adminHeaders, liftWithError, waitForMirror, waitForServiceWorker } from './offline-support';
import { mailsTo, REFUSED_DOMAIN, refuseRecipients } from './smtp-sink';
import { screenshots, signInByToken } from './support';

/**
 * The outbox in the browser (docs/outbox.md): the admin sees a mail the receiving server refused
 * as failed with its reason and sends it again once the mailbox takes it; an alarm's page shows
 * whom it was sent to and how that went.
 */

test('a mail the receiving server refuses shows failed with the reason; sent again, it arrives once', async ({
  page,
  request,
}) => {
  const to = `outbox-${Date.now()}@${REFUSED_DOMAIN}`;
  const subject = `Postausgang-Test ${Date.now()}`;
  refuseRecipients(true);
  try {
    const sent = await request.post('/api/email/sendMailOverGmailSMTP', {
      headers: await adminHeaders(request),
      data: { to, subject, html: '<p>Bitte bestätigen Sie den Wartungstermin.</p>' },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    await signInByToken(page, request, 'admin');
    await page.goto('/apps/outbox');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Postausgang');
    await page.getByLabel('Empfänger oder Betreff suchen').fill(subject);
    const row = page.getByTestId('outbox-item').filter({ hasText: subject });
    // The worker tries it within a second or so; the page follows while it is under way.
    await expect(row).toHaveAttribute('data-state', 'failed');
    await expect(row).toContainText('Fehlgeschlagen');
    await expect(row).toContainText('E-Mail · Admin-Mail');
    await expect(row).toContainText(`An: ${to}`);
    await expect(row.getByTestId('delivery-error')).toContainText('550');
    await expect(row.getByTestId('delivery-error')).toContainText('Grund:');
    // The state tab counts it among the failed ones, and lists it there.
    await page.getByRole('tab', { name: /Fehlgeschlagen \(\d+\)/ }).click();
    await expect(row).toBeVisible();
    await screenshots(page, 'outbox-failed', (p) =>
      expect(p.getByTestId('outbox-item').first()).toBeVisible({ timeout: 30_000 }),
    );
    await page.getByLabel('Empfänger oder Betreff suchen').fill(subject);
    expect(mailsTo(to)).toEqual([]);
  } finally {
    refuseRecipients(false);
  }

  const row = page.getByTestId('outbox-item').filter({ hasText: subject });
  await row.getByRole('button', { name: 'Erneut senden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erneut senden?' });
  await expect(dialog).toContainText(`„${subject}“ geht noch einmal an ${to} (E-Mail).`);
  await dialog.getByRole('button', { name: 'Erneut senden' }).click();
  await expect(page.getByText('Die Nachricht wird erneut gesendet.')).toBeVisible();

  await page.getByRole('tab', { name: /Alle/ }).click();
  await expect(row).toHaveAttribute('data-state', 'sent');
  await expect(row).toContainText('Gesendet');
  await expect(row).toContainText('Versuche: 2');
  await expect.poll(() => mailsTo(to).map((mail) => mail.subject)).toEqual([subject]);
  await screenshots(page, 'outbox-sent', (p) =>
    expect(p.getByTestId('outbox-item').first()).toBeVisible({ timeout: 30_000 }),
  );
  // Still one: sending again went out once.
  expect(mailsTo(to)).toHaveLength(1);
});

test("an alarm's page shows its facts and whom it was sent to; offline, its facts from the mirror", async ({
  page,
  context,
  request,
}) => {
  const lift = await liftWithError(request);
  const listed = await request.get('/api/alarms', {
    headers: await adminHeaders(request),
    params: { liftId: lift.id },
  });
  const [alarm] = ((await listed.json()) as { alarms: AlarmListItem[] }).alarms;
  if (!alarm) throw new Error('no alarm');

  await signInByToken(page, request, 'admin');
  // From the lift's page, a "Details" link on the alarm leads to the alarm's page.
  await page.goto(`/apps/lift/lifts/${lift.id}`);
  const item = page.getByTestId('alarm-item').filter({ hasText: 'Fehler 101: Türzonenfehler' });
  await item.getByRole('link', { name: /^Details zu/ }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/alarms/${alarm.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fehler 101: Türzonenfehler');
  await expect(page.getByRole('link', { name: lift.uid })).toBeVisible();
  await expect(page.getByText('Kellerweg 1, 10115 Berlin')).toBeVisible();

  // The demo customer chose mail and SMS, the demo service man SMS (server/seed/demo-users.ts).
  const notifications = page.getByRole('region', { name: 'Benachrichtigungen' });
  const customer = notifications.getByTestId('alarm-delivery-person').filter({ hasText: 'Klaus Becker' });
  const customerMail = customer.getByTestId('alarm-delivery').and(page.locator('[data-channel="mail"]'));
  await expect(customerMail).toHaveAttribute('data-state', 'sent');
  await expect(customerMail).toContainText('customer@demo.local');
  await expect(customerMail).toContainText('Gesendet');
  expect(mailsTo('customer@demo.local').some((mail) => mail.subject.includes(lift.uid))).toBe(true);
  const serviceMan = notifications.getByTestId('alarm-delivery-person').filter({ hasText: 'Stefan Wagner' });
  const serviceSms = serviceMan.getByTestId('alarm-delivery').and(page.locator('[data-channel="sms"]'));
  await expect(serviceSms).toHaveAttribute('data-state', 'sent');
  await expect(serviceSms).toContainText('SMS');
  await screenshots(page, 'alarm', (p) =>
    expect(p.getByTestId('alarm-delivery').first()).toBeVisible({ timeout: 30_000 }),
  );

  // The alarms list links to the same page; the lift's filter shows its alarm as a card, not in
  // the line of all error 101 alarms (other tests raise it too).
  await page.goto('/apps/alarms');
  await page.getByLabel('Aufzug', { exact: true }).selectOption(lift.id);
  await page
    .getByTestId('alarm-item')
    .filter({ hasText: lift.uid })
    .getByRole('link', { name: /^Details zu/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/apps/alarms/${alarm.id}$`));

  // Offline: the facts from the mirror, and the page says delivery states need the server.
  await waitForServiceWorker(page);
  await waitForMirror(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fehler 101: Türzonenfehler');
  await expect(page.getByRole('link', { name: lift.uid })).toBeVisible();
  await expect(
    page.getByText(
      'Ob die Benachrichtigungen verschickt wurden, lässt sich nur mit einer Verbindung zum Server sehen.',
    ),
  ).toBeVisible();
  await context.setOffline(false);
});
