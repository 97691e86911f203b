import type { Language } from '../../../contract/constants';
import { composeMail, type MailContent, oneLine } from '../../integrations/mail/layout';
import { berlinDateTime } from './report-pdf';

const TEXTS = {
  de: {
    subject: (uid: string) => `Servicebericht zu Aufzug ${uid}`,
    body: (uid: string, address: string, signer: string) =>
      `Guten Tag,\n\nim Anhang finden Sie den Servicebericht zu Aufzug ${uid}${address ? ` (${address})` : ''}, unterschrieben von ${signer}.`,
    signedAt: 'Unterschrieben am',
    state: 'Zustand',
    inService: 'in Betrieb belassen',
    outOfService: 'außer Betrieb',
    open: 'Aufzug im Portal öffnen',
    regards: 'Mit freundlichen Grüßen',
  },
  en: {
    subject: (uid: string) => `Service report for lift ${uid}`,
    body: (uid: string, address: string, signer: string) =>
      `Hello,\n\nplease find attached the service report for lift ${uid}${address ? ` (${address})` : ''}, signed by ${signer}.`,
    signedAt: 'Signed on',
    state: 'State',
    inService: 'left in service',
    outOfService: 'out of service',
    open: 'Open the lift in the portal',
    regards: 'Kind regards',
  },
} as const;

/** The mail that carries a service report's PDF to a customer of the lift, in his language. */
export function reportMail(
  language: Language,
  input: {
    uid: string;
    address: string;
    signerName: string;
    signedAt: Date;
    liftInService: boolean;
    url: string;
  },
): MailContent {
  const text = TEXTS[language];
  return composeMail({
    subject: text.subject(oneLine(input.uid)),
    paragraphs: text
      .body(oneLine(input.uid), oneLine(input.address), oneLine(input.signerName))
      .split('\n\n'),
    facts: [
      [text.signedAt, berlinDateTime(language, input.signedAt)],
      [text.state, input.liftInService ? text.inService : text.outOfService],
    ],
    link: { label: text.open, url: input.url },
    notes: [text.regards],
  });
}

/** The PDF's file name, in the reader's language: `Servicebericht-A-17-2026-11-28.pdf`. */
export function reportFileName(language: Language, uid: string, day: string): string {
  const safe = uid.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'lift';
  return `${language === 'de' ? 'Servicebericht' : 'Service-report'}-${safe}-${day}.pdf`;
}
