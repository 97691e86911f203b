import PDFDocument from 'pdfkit';
import type { Language } from '../../../contract/constants';
import type { ReportPart } from '../../../contract/schemas/service-report';
import type { Settings } from '../../../contract/settings';
import { drawLetterhead, drawPageFooters, LETTER_LEFT, LETTER_WIDTH, pdfBytes } from '../../lib/pdf';

/**
 * The service report as a PDF (docs/service-reports.md), in the reader's language: the company's
 * letterhead, the lift, the facts of the visit, the work done, the parts, the photos and the
 * customer's signature with the signer's name.
 */

const TEXTS = {
  de: {
    title: 'Servicebericht',
    lift: 'Aufzug',
    signedAt: 'Datum',
    serviceMan: 'Servicetechniker',
    timeOnSite: 'Zeit vor Ort',
    minutes: (minutes: number) =>
      minutes < 60 ? `${minutes} Min.` : `${Math.floor(minutes / 60)} Std. ${minutes % 60} Min.`,
    state: 'Zustand',
    inService: 'in Betrieb belassen',
    outOfService: 'außer Betrieb',
    cause: 'Anlass',
    visit: 'Wartung',
    alarm: 'Störung / Reparatur',
    other: 'Service',
    workDone: 'Ausgeführte Arbeiten',
    parts: 'Verwendete Teile',
    quantity: 'Menge',
    part: 'Teil',
    ref: 'Art.-Nr.',
    noParts: 'Keine Teile verwendet.',
    photos: 'Fotos',
    signature: 'Unterschrift des Kunden',
    signedBy: (name: string, at: string) => `${name}, ${at}`,
    report: 'Bericht',
  },
  en: {
    title: 'Service report',
    lift: 'Lift',
    signedAt: 'Date',
    serviceMan: 'Service technician',
    timeOnSite: 'Time on site',
    minutes: (minutes: number) =>
      minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`,
    state: 'State',
    inService: 'left in service',
    outOfService: 'out of service',
    cause: 'Reason',
    visit: 'Maintenance',
    alarm: 'Fault / repair',
    other: 'Service',
    workDone: 'Work done',
    parts: 'Parts used',
    quantity: 'Qty',
    part: 'Part',
    ref: 'Art. no.',
    noParts: 'No parts used.',
    photos: 'Photos',
    signature: 'Customer’s signature',
    signedBy: (name: string, at: string) => `${name}, ${at}`,
    report: 'Report',
  },
} as const;

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };

/** An instant as the language writes a day and time in Berlin. */
export const berlinDateTime = (language: Language, at: Date) =>
  new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(at);

export interface ReportPdfInput {
  language: Language;
  company: Settings['company'];
  id: string;
  lift: { uid: string; address: string };
  cause: 'visit' | 'alarm' | 'other';
  signedAt: Date;
  authorName: string;
  minutesOnSite: number;
  liftInService: boolean;
  workDone: string;
  parts: readonly ReportPart[];
  /** JPEG or PNG bytes of the photos. */
  photos: readonly Buffer[];
  signerName: string;
  signaturePng: Buffer;
}

const LEFT = LETTER_LEFT;
const WIDTH = LETTER_WIDTH;

export function reportPdf(input: ReportPdfInput): Promise<Buffer> {
  const { language, company } = input;
  const text = TEXTS[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: `${text.title} ${input.lift.uid}` },
  });
  const done = pdfBytes(doc);
  const signed = berlinDateTime(language, input.signedAt);
  const room = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };

  drawLetterhead(doc, company);

  doc.font('Helvetica-Bold').fontSize(18).text(`${text.title}: ${input.lift.uid}`, LEFT);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    [text.lift, input.lift.address ? `${input.lift.uid}, ${input.lift.address}` : input.lift.uid],
    [text.signedAt, signed],
    [text.cause, text[input.cause]],
    [text.serviceMan, input.authorName],
    [text.timeOnSite, text.minutes(input.minutesOnSite)],
    [text.state, input.liftInService ? text.inService : text.outOfService],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, LEFT, y, { width: 120 });
    doc.font('Helvetica').text(value, LEFT + 125, y, { width: WIDTH - 125 });
    doc.x = LEFT;
  }

  doc.moveDown().font('Helvetica-Bold').fontSize(12).text(text.workDone, LEFT);
  doc.font('Helvetica').fontSize(10).text(input.workDone, LEFT, doc.y, { width: WIDTH });

  doc.moveDown().font('Helvetica-Bold').fontSize(12).text(text.parts, LEFT).fontSize(10);
  if (input.parts.length === 0) {
    doc.font('Helvetica').text(text.noParts, LEFT);
  } else {
    const row = (cells: [string, string, string], bold = false) => {
      room(20);
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(cells[0], LEFT, y, { width: 60, align: 'right' });
      const afterQuantity = doc.y;
      doc.text(cells[1], LEFT + 75, y, { width: 300 });
      const afterName = doc.y;
      doc.text(cells[2], LEFT + 385, y, { width: 110 });
      doc.x = LEFT;
      doc.y = Math.max(afterQuantity, afterName, doc.y) + 2;
    };
    row([text.quantity, text.part, text.ref], true);
    const number = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 3 });
    for (const part of input.parts) row([number.format(part.quantity), part.name, part.ref]);
  }

  if (input.photos.length > 0) {
    doc.moveDown().font('Helvetica-Bold').fontSize(12).text(text.photos, LEFT);
    doc.moveDown(0.3);
    // Two photos a row, each within 240 × 180 points.
    input.photos.forEach((photo, index) => {
      const column = index % 2;
      if (column === 0) room(190);
      const y = doc.y;
      doc.image(photo, LEFT + column * 255, y, { fit: [240, 180] });
      if (column === 1 || index === input.photos.length - 1) doc.y = y + 190;
      else doc.y = y;
    });
  }

  room(150);
  doc.moveDown().font('Helvetica-Bold').fontSize(12).text(text.signature, LEFT);
  const top = doc.y + 4;
  doc.image(input.signaturePng, LEFT, top, { fit: [260, 100] });
  doc.y = top + 104;
  doc
    .moveTo(LEFT, doc.y)
    .lineTo(LEFT + 260, doc.y)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.3).font('Helvetica').fontSize(10).text(text.signedBy(input.signerName, signed), LEFT);

  drawPageFooters(
    doc,
    (page, pages) => `${company.name} · ${text.report} ${input.id.slice(0, 8)} · ${page}/${pages}`,
  );
  doc.end();
  return done;
}
