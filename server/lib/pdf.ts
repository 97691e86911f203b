import type PDFDocument from 'pdfkit';
import type { Settings } from '../../contract/settings';

type Pdf = InstanceType<typeof PDFDocument>;

/** A4's left margin and text width in points, as the letters (offer, service report) use them. */
export const LETTER_LEFT = 50;
export const LETTER_WIDTH = 495;

/**
 * The document's bytes once it is ended: listen before drawing, since pdfkit streams pages as they
 * are written.
 */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The company's name and address at the top right of a letter, a rule under them. */
export function drawLetterhead(doc: Pdf, company: Settings['company']): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(company.name, LETTER_LEFT, 50, { width: LETTER_WIDTH, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  for (const line of company.addressLines) doc.text(line, { width: LETTER_WIDTH, align: 'right' });
  doc.moveDown(0.5);
  doc
    .moveTo(LETTER_LEFT, doc.y)
    .lineTo(LETTER_LEFT + LETTER_WIDTH, doc.y)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown();
}
