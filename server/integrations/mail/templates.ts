import type { Language } from '../../../contract/constants';

/** A mail ready to send: plain text and a simple HTML part with the same content. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A name someone typed (display names), as one line of plain text: line breaks, control and
 * direction-override characters become spaces, so it cannot start paragraphs of its own or turn
 * the text around. HTML is escaped where the mail is put together.
 */
const oneLine = (name: string) => name.replace(/[\s\p{Cc}\u202A-\u202E\u2066-\u2069]+/gu, ' ').trim();

/**
 * The subject as the mail's headline, then paragraphs and one button-like link, as plain text and
 * as HTML. The headline is always the portal's own text: names users typed go only into the
 * paragraphs, so a mail never opens with (nor is previewed as) what someone put in a name.
 */
function compose(
  subject: string,
  paragraphs: string[],
  link: { label: string; url: string },
  after: string[],
) {
  const text = [subject, ...paragraphs, `${link.label}: ${link.url}`, ...after].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1a202c">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#2b6cb0;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(link.label)}</a></p>`,
    `<p style="font-size:12px;color:#4a5568">${escapeHtml(link.url)}</p>`,
    ...after.map((paragraph) => `<p style="font-size:12px;color:#4a5568">${escapeHtml(paragraph)}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

export interface InvitationMailInput {
  link: string;
  displayName: string;
  inviterName: string;
  expiresInDays: number;
}

/** The invitation to register, in the inviter's language. */
export function invitationMail(language: Language, input: InvitationMailInput): MailContent {
  const displayName = oneLine(input.displayName);
  const inviterName = oneLine(input.inviterName);
  if (language === 'en') {
    return compose(
      'Your invitation to the Lift Portal',
      [
        `Hello ${displayName},`,
        `${inviterName} has invited you to the Lift Portal. Open the link below to choose your password and finish your registration.`,
      ],
      { label: 'Complete registration', url: input.link },
      [
        `The link works once and expires in ${input.expiresInDays} days.`,
        'If you did not expect this invitation, you can ignore this email.',
      ],
    );
  }
  return compose(
    'Ihre Einladung zum Aufzugsportal',
    [
      `Hallo ${displayName},`,
      `${inviterName} hat Sie zum Aufzugsportal eingeladen. Öffnen Sie den folgenden Link, um Ihr Passwort zu wählen und die Registrierung abzuschließen.`,
    ],
    { label: 'Registrierung abschließen', url: input.link },
    [
      `Der Link funktioniert einmal und läuft in ${input.expiresInDays} Tagen ab.`,
      'Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    ],
  );
}

export interface PasswordResetMailInput {
  link: string;
  displayName: string;
  expiresInMinutes: number;
}

/** The link to choose a new password, in the user's own language. */
export function passwordResetMail(language: Language, input: PasswordResetMailInput): MailContent {
  const displayName = oneLine(input.displayName);
  if (language === 'en') {
    return compose(
      'Reset your Lift Portal password',
      [
        `Hello ${displayName},`,
        'Someone asked to reset the password of your Lift Portal account. Open the link below to choose a new password.',
      ],
      { label: 'Choose a new password', url: input.link },
      [
        `The link works once and expires in ${input.expiresInMinutes} minutes.`,
        'If you did not ask for this, you can ignore this email; your password stays as it is.',
      ],
    );
  }
  return compose(
    'Passwort für das Aufzugsportal zurücksetzen',
    [
      `Hallo ${displayName},`,
      'Für Ihr Konto im Aufzugsportal wurde das Zurücksetzen des Passworts angefordert. Öffnen Sie den folgenden Link, um ein neues Passwort zu wählen.',
    ],
    { label: 'Neues Passwort wählen', url: input.link },
    [
      `Der Link funktioniert einmal und läuft in ${input.expiresInMinutes} Minuten ab.`,
      'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    ],
  );
}

/** A plain-text version of an HTML mail body sent through `sendMailOverGmailSMTP`. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li|tr)>/gi, '\n\n')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
