import PDFDocument from 'pdfkit';
import type { Language } from '../../../contract/constants';
import { berlinDay } from '../../../contract/maintenance';
import { centsDecimal, EURO_FORMAT, offerSums } from '../../../contract/money';
import type { OfferTerms, Project } from '../../../contract/schemas/project';
import type { Settings } from '../../../contract/settings';
import { drawLetterhead, drawPageFooters, LETTER_LEFT, LETTER_WIDTH, pdfBytes } from '../../lib/pdf';

/**
 * The offer PDF (docs/projects.md#the-offer-pdf): mailed when a project moves to "Sent offer",
 * and opened from the project page (`GET /projects/{id}/offer.pdf`), by staff as a preview too.
 */

const TEXTS = {
  de: {
    title: 'Angebot',
    draft: 'Entwurf – die Nummer wird beim Versand vergeben',
    number: 'Angebotsnummer',
    project: 'Projekt',
    site: 'Standort',
    customer: 'Kunde',
    date: 'Datum',
    validUntil: 'Gültig bis',
    validDays: (days: number) => `${days} Tage ab Versand`,
    order: 'Auftragsnummer',
    position: 'Pos.',
    description: 'Beschreibung',
    quantity: 'Menge',
    unit: 'Einzelpreis',
    sum: 'Summe',
    net: 'Nettobetrag',
    vat: (percent: number) => `zzgl. ${percent} % USt.`,
    gross: 'Gesamtbetrag (brutto)',
    payment: 'Zahlungsbedingungen',
    noItems: 'Noch keine Positionen.',
    lifts: 'Aufzüge',
    designs: 'Beigefügte Designs',
    newLift: (stops: number | undefined, load: number | undefined) =>
      `Neuer Aufzug: ${stops ?? '?'} Haltestellen, ${load ?? '?'} kg`,
    page: (page: number, pages: number) => `Seite ${page} von ${pages}`,
  },
  en: {
    title: 'Offer',
    draft: 'Draft – the number is given when it is sent',
    number: 'Offer number',
    project: 'Project',
    site: 'Site',
    customer: 'Customer',
    date: 'Date',
    validUntil: 'Valid until',
    validDays: (days: number) => `${days} days from sending`,
    order: 'Order number',
    position: 'No.',
    description: 'Description',
    quantity: 'Quantity',
    unit: 'Unit price',
    sum: 'Sum',
    net: 'Net amount',
    vat: (percent: number) => `plus ${percent} % VAT`,
    gross: 'Total amount (gross)',
    payment: 'Terms of payment',
    noItems: 'No line items yet.',
    lifts: 'Lifts',
    designs: 'Attached designs',
    newLift: (stops: number | undefined, load: number | undefined) =>
      `New lift: ${stops ?? '?'} stops, ${load ?? '?'} kg`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
} as const;

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };
const EURO = {
  de: new Intl.NumberFormat(LOCALES.de, EURO_FORMAT),
  en: new Intl.NumberFormat(LOCALES.en, EURO_FORMAT),
};
const DAY = {
  de: new Intl.DateTimeFormat(LOCALES.de, { dateStyle: 'medium', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat(LOCALES.en, { dateStyle: 'medium', timeZone: 'UTC' }),
};

/** Whole cents as the language writes euros (`3.075,00 €`), exactly (contract/money.ts). */
export const euros = (language: Language, cents: number) => EURO[language].format(centsDecimal(cents));
/** A calendar day (`YYYY-MM-DD`) as the language writes it. */
export const dayText = (language: Language, day: string) =>
  DAY[language].format(new Date(`${day}T00:00:00Z`));

export interface OfferPdfInput {
  project: Project;
  language: Language;
  company: Settings['company'];
  /** The offer's number, or null for a preview before it is sent. */
  number: string | null;
  /** The offer's day: when it was sent, or today for a preview. */
  at: Date;
  /** The last day it may be ordered; null for an offer sent before offers had one. */
  validUntil: string | null;
  terms: OfferTerms;
  designs?: readonly { name: string; png: Buffer | null }[];
}

const LEFT = LETTER_LEFT;
const WIDTH = LETTER_WIDTH;

/**
 * The offer as a PDF: the company's letterhead, the offer's number, day and validity, the
 * customer and project, the line items with their sums, net, VAT and gross, the payment terms,
 * the lifts and the attached designs.
 */
export function offerPdf(input: OfferPdfInput): Promise<Buffer> {
  const { project, language, company, terms } = input;
  const text = TEXTS[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: `${text.title} ${input.number ?? ''} ${project.project.name}`.replace(/\s+/g, ' ') },
  });
  const done = pdfBytes(doc);
  const { project: p } = project;

  drawLetterhead(doc, company);

  doc.font('Helvetica-Bold').fontSize(18).text(`${text.title}: ${p.name}`, LEFT);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    [text.number, input.number ?? text.draft],
    [text.date, dayText(language, berlinDay(input.at))],
    [
      text.validUntil,
      input.validUntil ? dayText(language, input.validUntil) : text.validDays(terms.validityDays),
    ],
    ...(project.order ? ([[text.order, project.order.number]] as [string, string][]) : []),
    [text.customer, project.userName ?? ''],
    ...(p.siteAddress ? ([[text.site, p.siteAddress]] as [string, string][]) : []),
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, LEFT, y, { width: 120 });
    doc.font('Helvetica').text(value, LEFT + 125, y, { width: WIDTH - 125 });
    doc.x = LEFT;
  }

  if (p.lifts.length > 0) {
    doc.moveDown().font('Helvetica-Bold').fontSize(12).text(text.lifts, LEFT).font('Helvetica').fontSize(10);
    for (const lift of p.lifts) {
      doc.text(`• ${lift.label ?? (lift.liftId ? lift.liftId : text.newLift(lift.stops, lift.loadKg))}`);
    }
  }

  // The line items: one header row, then a row per item.
  doc.moveDown();
  const columns = [
    { x: LEFT, width: 30, align: 'left' },
    { x: LEFT + 32, width: 243, align: 'left' },
    { x: LEFT + 277, width: 50, align: 'right' },
    { x: LEFT + 330, width: 80, align: 'right' },
    { x: LEFT + 413, width: 82, align: 'right' },
  ] as const;
  const row = (cells: readonly string[], bold = false) => {
    if (doc.y + 30 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let bottom = y;
    columns.forEach((column, index) => {
      doc.text(cells[index] ?? '', column.x, y, { width: column.width, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = LEFT;
    doc.y = bottom + 4;
  };
  row([text.position, text.description, text.quantity, text.unit, text.sum], true);
  if (p.items.length === 0) row(['', text.noItems, '', '', '']);
  p.items.forEach((item, index) => {
    row([
      String(index + 1),
      item.text,
      String(item.quantity),
      euros(language, item.unitPriceCents),
      euros(language, item.quantity * item.unitPriceCents),
    ]);
  });

  // The sums, right-aligned under the sum column.
  const sums = offerSums(p.totalCents, terms.vatPercent);
  doc
    .moveTo(LEFT + 277, doc.y)
    .lineTo(LEFT + WIDTH, doc.y)
    .stroke();
  doc.y += 4;
  const sumRow = (label: string, cents: number, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, LEFT + 200, y, { width: 210, align: 'right' });
    doc.text(euros(language, cents), LEFT + 413, y, { width: 82, align: 'right' });
    doc.x = LEFT;
    doc.y = Math.max(doc.y, y + 12) + 2;
  };
  sumRow(text.net, sums.netCents);
  sumRow(text.vat(sums.vatPercent), sums.vatCents);
  sumRow(text.gross, sums.grossCents, true);

  doc.moveDown().font('Helvetica-Bold').fontSize(11).text(text.payment, LEFT);
  doc.font('Helvetica').fontSize(10).text(terms.paymentTerms, LEFT, doc.y, { width: WIDTH });

  const designs = input.designs ?? [];
  if (designs.length > 0) {
    doc
      .moveDown()
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(text.designs, LEFT)
      .font('Helvetica')
      .fontSize(10);
    for (const design of designs) {
      if (design.png) {
        // A preview per design, up to a third of the page high; a new page when it does not fit.
        if (doc.y + 260 > doc.page.height - doc.page.margins.bottom) doc.addPage();
        doc.text(design.name, LEFT);
        doc.image(design.png, LEFT, doc.y + 4, { fit: [240, 240] });
        doc.y += 250;
      } else {
        doc.text(`• ${design.name}`, LEFT);
      }
    }
  }

  drawPageFooters(
    doc,
    (page, pages) => `${company.name} · ${input.number ?? text.draft} · ${text.page(page, pages)}`,
  );
  doc.end();
  return done;
}
