import type { Language } from '../../../contract/constants';
import { composeMail, type MailContent, oneLine } from '../../integrations/mail/layout';

/**
 * The invitation and reset mails (docs/access.md): the subject as the headline, the paragraphs,
 * the link as a button with its address under it, and the small print.
 */
function accountMail(
  subject: string,
  paragraphs: string[],
  link: { label: string; url: string },
  notes: string[],
): MailContent {
  return composeMail({ subject, headline: true, paragraphs, link: { ...link, showUrl: true }, notes });
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
    return accountMail(
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
  return accountMail(
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
    return accountMail(
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
  return accountMail(
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
