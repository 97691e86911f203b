import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../../contract/constants';
import { berlinDay } from '../../../contract/maintenance';
import { offerSums } from '../../../contract/money';
import type { Project } from '../../../contract/schemas/project';
import type { Database } from '../../db/client';
import { composeMail, type MailContent, oneLine } from '../../integrations/mail/layout';
import type { OutgoingAttachment } from '../outbox/outgoing';
import { dayText, euros } from './offer-pdf';

/**
 * The mails of the offer flow (docs/projects.md#the-offer-flow): the offer to the customer, and
 * the order's confirmation to the customer who ordered and to the staff. Each goes out through
 * one small function below, the only places that send.
 */

const TEXTS = {
  de: {
    offerSubject: (number: string) => `Ihr Angebot ${number}`,
    offerBody: (name: string) =>
      `Guten Tag,\n\nim Anhang finden Sie unser Angebot für „${name}“. Sie können es im Portal öffnen, vorbestellen oder bestellen.`,
    open: 'Angebot im Portal öffnen',
    regards: 'Mit freundlichen Grüßen',
    orderSubject: (number: string) => `Auftragsbestätigung ${number}`,
    orderBody: (name: string) =>
      `Guten Tag,\n\nvielen Dank für Ihre Bestellung. Wir bestätigen Ihren Auftrag für „${name}“ zu den Bedingungen des Angebots.`,
    staffSubject: (number: string) => `Neuer Auftrag ${number}`,
    staffBody: (name: string, customer: string) => `${customer} hat das Angebot für „${name}“ angenommen.`,
    openProject: 'Projekt im Portal öffnen',
    order: 'Auftragsnummer',
    offer: 'Angebotsnummer',
    orderedBy: 'Bestellt von',
    orderedAt: 'Bestellt am',
    net: 'Nettobetrag',
    vat: (percent: number) => `zzgl. ${percent} % USt.`,
    gross: 'Gesamtbetrag (brutto)',
    payment: 'Zahlungsbedingungen',
  },
  en: {
    offerSubject: (number: string) => `Your offer ${number}`,
    offerBody: (name: string) =>
      `Hello,\n\nplease find attached our offer for "${name}". You can open it in the portal, pre-order or order.`,
    open: 'Open the offer in the portal',
    regards: 'Kind regards',
    orderSubject: (number: string) => `Order confirmation ${number}`,
    orderBody: (name: string) =>
      `Hello,\n\nthank you for your order. We confirm your order for "${name}" on the terms of the offer.`,
    staffSubject: (number: string) => `New order ${number}`,
    staffBody: (name: string, customer: string) => `${customer} accepted the offer for "${name}".`,
    openProject: 'Open the project in the portal',
    order: 'Order number',
    offer: 'Offer number',
    orderedBy: 'Ordered by',
    orderedAt: 'Ordered on',
    net: 'Net amount',
    vat: (percent: number) => `plus ${percent} % VAT`,
    gross: 'Total amount (gross)',
    payment: 'Terms of payment',
  },
} as const;

/** The offer mail: the PDF goes along as an attachment. */
export function offerMail(
  project: Project,
  offerNumber: string,
  language: Language,
  url: string,
): MailContent {
  const text = TEXTS[language];
  return composeMail({
    subject: text.offerSubject(offerNumber),
    paragraphs: text.offerBody(oneLine(project.project.name)).split('\n\n'),
    link: { label: text.open, url, showUrl: true },
    notes: [text.regards],
  });
}

/** The facts of an order, for both its mails. */
function orderFacts(project: Project, language: Language): [string, string][] {
  const text = TEXTS[language];
  const { order, offer } = project;
  const sums = offerSums(project.project.totalCents, offer?.terms.vatPercent ?? 0);
  return [
    [text.order, order?.number ?? ''],
    ...(offer ? ([[text.offer, offer.number]] as [string, string][]) : []),
    [text.orderedBy, order?.byName ?? ''],
    [text.orderedAt, order ? dayText(language, berlinDay(new Date(order.at))) : ''],
    [text.net, euros(language, sums.netCents)],
    [text.vat(sums.vatPercent), euros(language, sums.vatCents)],
    [text.gross, euros(language, sums.grossCents)],
  ];
}

/** The confirmation to the customer who ordered: number, sums, terms and a link. */
export function orderConfirmationMail(project: Project, language: Language, url: string): MailContent {
  const text = TEXTS[language];
  return composeMail({
    subject: text.orderSubject(project.order?.number ?? ''),
    paragraphs: text.orderBody(oneLine(project.project.name)).split('\n\n'),
    facts: orderFacts(project, language),
    after: project.offer ? [`${text.payment}: ${project.offer.terms.paymentTerms}`] : [],
    link: { label: text.openProject, url },
    notes: [text.regards],
  });
}

/** The news of an order to the staff. */
export function orderStaffMail(project: Project, language: Language, url: string): MailContent {
  const text = TEXTS[language];
  return composeMail({
    subject: text.staffSubject(project.order?.number ?? ''),
    paragraphs: [text.staffBody(oneLine(project.project.name), oneLine(project.order?.byName ?? ''))],
    facts: orderFacts(project, language),
    link: { label: text.openProject, url },
  });
}

/**
 * Sends the offer with its PDF to the customer as an outbox row, at once and inside the offer's
 * transaction (`tx`): the offer is stored as sent only if the mail server took it
 * (docs/outbox.md#retries).
 */
export async function sendOfferMail(
  app: FastifyInstance,
  tx: Database,
  projectId: string,
  to: string,
  content: MailContent,
  pdf: OutgoingAttachment,
) {
  await app.outbox.sendWithin(tx, {
    channel: 'mail',
    kind: 'offer',
    cause: `offer:${projectId}:${randomUUID()}`,
    to,
    mail: content,
    attachments: [pdf],
  });
}

/**
 * Queues an order's mails in the order's transaction: the confirmation to the customers, the news
 * to the staff; the worker is woken after the commit. Once per
 * project and address (the outbox's identity), delivered with retries: the order stands whether or
 * not the mail server answers now.
 */
export async function queueOrderMails(
  app: FastifyInstance,
  tx: Database,
  projectId: string,
  mails: readonly { to: string; content: MailContent }[],
) {
  await app.outbox.enqueue(
    tx,
    mails.map(({ to, content }) => ({
      channel: 'mail',
      kind: 'order',
      cause: `order:${projectId}`,
      to,
      mail: content,
    })),
  );
}
