import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../../tests/server/helpers/app';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/server/helpers/smtp';

/** What users type into display names reaches mails as plain text, never as their headline. */

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const MARKUP = '<h1>Sie haben gewonnen!</h1><a href="https://evil.example/">Jetzt einlösen</a>';

/** The body of an HTML mail, and its first element. */
function bodyOf(html: string) {
  const body = html.slice(html.indexOf('<body'));
  return { body, first: /<body[^>]*>\s*(<[a-z0-9]+[^>]*>[^<]*)/i.exec(body)?.[1] ?? '' };
}

describe('display names in mails', () => {
  it('an invitation shows a typed name escaped inside the greeting, under the portal headline', async () => {
    const email = 'markup-invitee@names.test';
    // The inviter's own name is his to type too.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: await t.authHeaders('customer'),
      payload: { displayName: 'Chef\n\n<b>Bitte rufen Sie 0900 123 an</b>' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: await t.authHeaders('customer'),
      payload: { email, displayName: `${MARKUP}\n\nKlicken Sie hier`, role: 'service_man' },
    });
    expect(created.statusCode, created.body).toBe(201);

    const mail = await smtp.nextMailTo(email);
    expect(mail.subject).toBe('Ihre Einladung zum Aufzugsportal');
    const html = String(mail.html);
    // No tag or link of the name survives; its text is shown as typed.
    expect(html).not.toContain('<h1>Sie haben gewonnen');
    expect(html).not.toContain('href="https://evil.example/"');
    expect(html).toContain('&#60;h1&#62;Sie haben gewonnen!&#60;/h1&#62;');
    // The mail opens with the portal's own headline, as HTML and as text.
    expect(bodyOf(html).first).toMatch(/^<h1[^>]*>Ihre Einladung zum Aufzugsportal$/);
    const text = mail.text ?? '';
    expect(text.split('\n')[0]).toBe('Ihre Einladung zum Aufzugsportal');
    // A line break in a name starts no paragraph of its own.
    expect(text).toContain(`Hallo ${MARKUP} Klicken Sie hier,`);
    expect(text).toContain('Chef <b>Bitte rufen Sie 0900 123 an</b> hat Sie');
    expect(html).toContain('Chef &#60;b&#62;Bitte rufen Sie 0900 123 an&#60;/b&#62; hat Sie');
    expect(text).not.toMatch(/\n\s*Klicken Sie hier/);
    expect(text).not.toMatch(/\n\s*Bitte rufen Sie/);
  });

  it('a reset mail opens with its headline too', async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: DEMO_EMAILS.service_man },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await smtp.nextMailTo(DEMO_EMAILS.service_man);
    expect(bodyOf(String(mail.html)).first).toMatch(/^<h1[^>]*>Passwort für das Aufzugsportal zurücksetzen$/);
    expect((mail.text ?? '').split('\n')[0]).toBe('Passwort für das Aufzugsportal zurücksetzen');
  });
});
