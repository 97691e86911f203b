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

/**
 * A grey line at the foot of every page, e.g. the company and "page 2 of 3": drawn last, over the
 * buffered pages (`bufferPages: true`), with the bottom margin lifted so it does not start a page.
 */
export function drawPageFooters(doc: Pdf, line: (page: number, pages: number) => string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(line(index + 1, range.count), LETTER_LEFT, doc.page.height - 35, {
        width: LETTER_WIDTH,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
