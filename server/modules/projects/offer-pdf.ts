import PDFDocument from 'pdfkit';
import type { Language } from '../../../contract/constants';
import type { Project } from '../../../contract/schemas/project';
import { composeMail, type MailContent } from '../../integrations/mail/layout';

/** The offer a customer is mailed when a project moves to "Sent offer" (docs/projects.md#the-offer-flow). */

const TEXTS = {
  de: {
    title: 'Angebot',
    project: 'Projekt',
    site: 'Standort',
    customer: 'Kunde',
    date: 'Datum',
    item: 'Position',
    quantity: 'Menge',
    unit: 'Einzelpreis',
    sum: 'Summe',
    total: 'Gesamtsumme (netto)',
    lifts: 'Aufzüge',
    designs: 'Beigefügte Designs',
    newLift: (stops: number | undefined, load: number | undefined) =>
      `Neuer Aufzug: ${stops ?? '?'} Haltestellen, ${load ?? '?'} kg`,
    subject: (name: string) => `Ihr Angebot: ${name}`,
    body: (name: string, url: string) =>
      `Guten Tag,\n\nim Anhang finden Sie unser Angebot für „${name}“. Sie können es im Portal ansehen, vorbestellen oder bestellen:\n${url}\n\nMit freundlichen Grüßen`,
  },
  en: {
    title: 'Offer',
    project: 'Project',
    site: 'Site',
    customer: 'Customer',
    date: 'Date',
    item: 'Item',
    quantity: 'Quantity',
    unit: 'Unit price',
    sum: 'Sum',
    total: 'Total (net)',
    lifts: 'Lifts',
    designs: 'Attached designs',
    newLift: (stops: number | undefined, load: number | undefined) =>
      `New lift: ${stops ?? '?'} stops, ${load ?? '?'} kg`,
    subject: (name: string) => `Your offer: ${name}`,
    body: (name: string, url: string) =>
      `Hello,\n\nplease find attached our offer for "${name}". You can view it in the portal, pre-order or order:\n${url}\n\nKind regards`,
  },
} as const;

const money = (language: Language, cents: number) =>
  new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );

/** The offer as a PDF: the project, its lifts, the line items with sums, the attached designs. */
export function offerPdf(
  project: Project,
  language: Language,
  designs: readonly { name: string; png: Buffer | null }[] = [],
  now = new Date(),
): Promise<Buffer> {
  const text = TEXTS[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${text.title} ${project.project.name}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { project: p } = project;
  doc.fontSize(20).text(`${text.title}: ${p.name}`);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`${text.customer}: ${project.userName ?? ''}`);
  if (p.siteAddress) doc.text(`${text.site}: ${p.siteAddress}`);
  doc.text(`${text.date}: ${now.toLocaleDateString(language === 'de' ? 'de-DE' : 'en-GB')}`);
  if (p.lifts.length > 0) {
    doc.moveDown().fontSize(12).text(text.lifts).fontSize(10);
    for (const lift of p.lifts) {
      doc.text(`• ${lift.label ?? (lift.liftId ? lift.liftId : text.newLift(lift.stops, lift.loadKg))}`);
    }
  }
  doc.moveDown().fontSize(12).text(text.item);
  doc.fontSize(10);
  const columns = [50, 330, 390, 470];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(cells[0] ?? '', columns[0], y, { width: 270 });
    const after = doc.y;
    doc.text(cells[1] ?? '', columns[1], y, { width: 50, align: 'right' });
    doc.text(cells[2] ?? '', columns[2], y, { width: 70, align: 'right' });
    doc.text(cells[3] ?? '', columns[3], y, { width: 75, align: 'right' });
    doc.x = 50;
    doc.y = Math.max(after, doc.y) + 4;
  };
  row([text.item, text.quantity, text.unit, text.sum], true);
  for (const item of p.items) {
    row([
      item.text,
      String(item.quantity),
      money(language, item.unitPriceCents),
      money(language, item.quantity * item.unitPriceCents),
    ]);
  }
  row([text.total, '', '', money(language, p.totalCents)], true);
  if (designs.length > 0) {
    doc.moveDown().font('Helvetica').fontSize(12).text(text.designs, 50).fontSize(10);
    for (const design of designs) {
      if (design.png) {
        // A preview per design, up to a third of the page high; a new page when it does not fit.
        if (doc.y + 260 > doc.page.height - doc.page.margins.bottom) doc.addPage();
        doc.text(design.name, 50);
        doc.image(design.png, 50, doc.y + 4, { fit: [240, 240] });
        doc.y += 250;
      } else {
        doc.text(`• ${design.name}`, 50);
      }
    }
  }
  doc.end();
  return done;
}

export function offerMail(project: Project, language: Language, url: string): MailContent {
  const text = TEXTS[language];
  return composeMail({
    subject: text.subject(project.project.name),
    paragraphs: text.body(project.project.name, url).split('\n\n'),
  });
}
