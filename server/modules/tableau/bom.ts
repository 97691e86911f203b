import PDFDocument from 'pdfkit';
import { centsDecimal, EURO_FORMAT } from '../../../contract/money';
import { type Bom, type BomLine, decimalOfCents, type Template } from '../../../contract/schemas/tableau';
import { type SheetLanguage, sheetEuros, toCsv } from '../../../contract/spreadsheet';
import type { BomArticle } from './tableau.repository';

/**
 * The bill of materials of a layout: every element billed as an article (its `subfolderId`)
 * counts once; lines by article number. Sums are integer cents. Articles the caller may not see
 * (another admin's private folder) are only counted in `private`: no name, number or price, and
 * not in the sum, which would give the price away.
 */
export function billOfMaterials(template: Template, articles: readonly BomArticle[]): Bom {
  const quantities = new Map<string, number>();
  for (const element of template.data.elements) {
    if (element.subfolderId)
      quantities.set(element.subfolderId, (quantities.get(element.subfolderId) ?? 0) + 1);
  }
  const byId = new Map(articles.map((found) => [found.article.id, found]));
  const lines: BomLine[] = [];
  let missing = 0;
  let hidden = 0;
  for (const [subfolderId, quantity] of quantities) {
    const found = byId.get(subfolderId);
    if (!found) {
      missing += quantity;
      continue;
    }
    if (!found.visible) {
      hidden += quantity;
      continue;
    }
    const { article } = found;
    const totalCents = article.priceCents * quantity;
    lines.push({
      subfolderId,
      number: article.number,
      name: article.name,
      quantity,
      unitPrice: decimalOfCents(article.priceCents),
      unitPriceCents: article.priceCents,
      total: decimalOfCents(totalCents),
      totalCents,
    });
  }
  lines.sort((a, b) => a.number.localeCompare(b.number) || a.name.localeCompare(b.name));
  const totalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  return {
    templateId: template.id,
    name: template.name,
    type: template.type,
    lines,
    missing,
    private: hidden,
    total: decimalOfCents(totalCents),
    totalCents,
  };
}

/** The sheet as CSV in the user's language (contract/spreadsheet.ts): translated headings, `;` and decimal commas in German. */
export function bomCsv(bom: Bom, language: SheetLanguage): string {
  const labels = BOM_LABELS[language];
  const euros = (cents: number) => sheetEuros(cents, language);
  return toCsv(
    [
      [labels.number, labels.article, labels.quantity, labels.unitPrice, labels.total],
      ...bom.lines.map((line) => [
        line.number,
        line.name,
        line.quantity,
        euros(line.unitPriceCents),
        euros(line.totalCents),
      ]),
      ...(bom.private > 0 ? [['', labels.privateArticles, bom.private, '', '']] : []),
      ['', labels.sum, '', '', euros(bom.totalCents)],
    ],
    language,
  );
}

/** The sheet as PDF: the template's name and preview, the lines and the sum (A4, Helvetica). */
export function bomPdf(bom: Bom, preview: Buffer | null, language: SheetLanguage): Promise<Buffer> {
  const labels = BOM_LABELS[language];
  // The document's language writes the amount: "189,00 €" in German, "€189.00" in English.
  const money = new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', EURO_FORMAT);
  const euros = (cents: number) => money.format(centsDecimal(cents));
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${labels.title}: ${bom.name}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(18).text(`${labels.title}: ${bom.name}`);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#555')
      .text(`${labels.type}: ${bom.type}`)
      .fillColor('#000');
    doc.moveDown();
    if (preview) {
      try {
        doc.image(preview, { fit: [220, 300] });
        doc.moveDown();
      } catch {
        // A preview pdfkit cannot read leaves the sheet without a picture.
      }
    }
    const columns = [48, 140, 340, 400, 480];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      cells.forEach((cell, index) => {
        const x = columns[index] ?? 48;
        const width = (columns[index + 1] ?? 547) - x - 6;
        doc.text(cell, x, y, { width, align: index >= 2 ? 'right' : 'left' });
      });
      doc.moveDown(0.4);
      doc.x = 48;
    };
    row([labels.number, labels.article, labels.quantity, labels.unitPrice, labels.total], true);
    for (const line of bom.lines) {
      row([
        line.number,
        line.name,
        String(line.quantity),
        euros(line.unitPriceCents),
        euros(line.totalCents),
      ]);
    }
    if (bom.private > 0) row(['', labels.privateArticles, String(bom.private), '', '']);
    doc.moveTo(48, doc.y).lineTo(547, doc.y).stroke();
    doc.moveDown(0.4);
    row(['', labels.sum, '', '', euros(bom.totalCents)], true);
    doc.end();
  });
}

interface BomLabels {
  title: string;
  type: string;
  number: string;
  article: string;
  quantity: string;
  unitPrice: string;
  total: string;
  sum: string;
  /** The line counting articles of another admin's private folders. */
  privateArticles: string;
}

/** The sheet's headings in the portal's two languages (German first, as the portal). */
const BOM_LABELS: Record<'de' | 'en', BomLabels> = {
  de: {
    title: 'Stückliste',
    type: 'Typ',
    number: 'Artikelnr.',
    article: 'Artikel',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    total: 'Gesamt',
    sum: 'Summe',
    privateArticles: 'Private Artikel (ohne Preis)',
  },
  en: {
    title: 'Bill of materials',
    type: 'Type',
    number: 'Article no.',
    article: 'Article',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    total: 'Total',
    sum: 'Sum',
    privateArticles: 'Private articles (not priced)',
  },
};
