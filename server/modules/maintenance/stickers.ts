import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { pdfBytes } from '../../lib/pdf';

/** The lift's deep link in the PWA (the route of src/routes/_app/apps/lift/lifts.$liftId.{-$deviceId}.tsx). */
export const liftLink = (publicUrl: string, liftId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/apps/lift/lifts/${liftId}`;

const MM = 72 / 25.4;
/** A4 with 2 × 4 stickers of 90 × 60 mm. */
const COLUMNS = 2;
const ROWS = 4;
const WIDTH = 90 * MM;
const HEIGHT = 60 * MM;
const MARGIN_X = (210 * MM - COLUMNS * WIDTH) / 2;
const MARGIN_Y = (297 * MM - ROWS * HEIGHT) / 2;

/** One sticker per lift: a QR code of its link, its ID, its address and the link in words. */
export async function stickersPdf(
  publicUrl: string,
  lifts: readonly { id: string; uid: string; address: string }[],
  title: string,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: title } });
  const done = pdfBytes(doc);
  for (const [index, lift] of lifts.entries()) {
    const slot = index % (COLUMNS * ROWS);
    if (index > 0 && slot === 0) doc.addPage();
    const x = MARGIN_X + (slot % COLUMNS) * WIDTH;
    const y = MARGIN_Y + Math.floor(slot / COLUMNS) * HEIGHT;
    const url = liftLink(publicUrl, lift.id);
    const qr = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
    doc
      .rect(x + 2 * MM, y + 2 * MM, WIDTH - 4 * MM, HEIGHT - 4 * MM)
      .lineWidth(0.5)
      .dash(3, { space: 3 })
      .stroke();
    doc.undash();
    const qrSize = 42 * MM;
    doc.image(qr, x + 5 * MM, y + (HEIGHT - qrSize) / 2, { width: qrSize, height: qrSize });
    const textX = x + 5 * MM + qrSize + 3 * MM;
    const textWidth = WIDTH - (textX - x) - 5 * MM;
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(lift.uid, textX, y + 10 * MM, { width: textWidth });
    doc.font('Helvetica').fontSize(9).text(lift.address, { width: textWidth });
    doc.moveDown(0.5).fontSize(6).fillColor('#444444').text(url, { width: textWidth }).fillColor('black');
  }
  doc.end();
  return done;
}
