import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { liftFiles } from '../db/schema/files';
import { lifts, liftUsers } from '../db/schema/lifts';
import { users } from '../db/schema/users';
import { type Storage, SYSTEM_CONTAINERS } from '../integrations/blob/storage';
import { liftFileContentPath } from '../modules/files/file-mapper';

/** Arbitrary but fixed: two processes starting on one database seed the demo files once. */
const DEMO_FILES_LOCK_KEY = 727_465_014;

/**
 * Demo documents and photos on a few demo lifts (the service man's first three and two more),
 * generated here rather than committed as binaries: PDFs written in plain PDF syntax, PNGs drawn
 * pixel by pixel. Runs once: only while `lift_files` has never held a row (tombstones count), so
 * files an admin deleted do not come back on the next start.
 */
export async function seedDemoFiles(db: Database, storage: Storage, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_FILES_LOCK_KEY})`);
    const [existing] = await tx.select({ value: count() }).from(liftFiles);
    if ((existing?.value ?? 0) > 0) return;
    const [serviceMan] = await tx.select().from(users).where(eq(users.email, 'service@demo.local'));
    const [admin] = await tx.select().from(users).where(eq(users.email, 'admin@demo.local'));
    if (!serviceMan || !admin) return;
    const his = await tx
      .select({ id: lifts.id, uid: lifts.uid, address: lifts.address })
      .from(lifts)
      .innerJoin(liftUsers, eq(liftUsers.liftId, lifts.id))
      .where(and(eq(liftUsers.userId, serviceMan.id), eq(liftUsers.kind, 'serviceman')))
      .orderBy(asc(lifts.uid))
      .limit(3);
    const others = await tx
      .select({ id: lifts.id, uid: lifts.uid, address: lifts.address })
      .from(lifts)
      .orderBy(asc(lifts.uid))
      .limit(5);
    const chosen = [...his, ...others.filter((lift) => !his.some((own) => own.id === lift.id))].slice(0, 5);
    if (chosen.length === 0) return;

    let stored = 0;
    for (const [index, lift] of chosen.entries()) {
      const documents = [
        {
          name: `Schaltplan ${lift.uid}.pdf`,
          bytes: demoPdf(
            `Schaltplan ${lift.uid}`,
            [lift.address, 'Steuerung, Antrieb und Sicherheitskreis'],
            true,
          ),
          addedBy: admin.id,
        },
        {
          name: `Prüfbericht ${lift.uid}.pdf`,
          bytes: demoPdf(`Prüfbericht ${lift.uid}`, [
            lift.address,
            'Wiederkehrende Prüfung nach BetrSichV: ohne Mängel.',
            'Nächste Hauptprüfung in zwei Jahren.',
          ]),
          addedBy: admin.id,
        },
        {
          name: index % 2 === 0 ? `Kabinentür ${lift.uid}.png` : `Maschinenraum ${lift.uid}.png`,
          bytes: demoPng(index),
          addedBy: serviceMan.id,
        },
      ];
      for (const document of documents) {
        const id = randomUUID();
        const png = document.name.endsWith('.png');
        const blobName = `${id}.${png ? 'png' : 'pdf'}`;
        const type = png ? 'image/png' : 'application/pdf';
        await storage.putBlob(SYSTEM_CONTAINERS.liftFiles, blobName, document.bytes, type);
        await tx.insert(liftFiles).values({
          id,
          uid: `demo-${id}`,
          liftId: lift.id,
          name: document.name,
          size: document.bytes.length,
          type,
          url: liftFileContentPath(id),
          blobName,
          addedBy: document.addedBy,
        });
        stored++;
      }
    }
    log.info({ files: stored, lifts: chosen.length }, 'first start: seeded the demo lift files');
  });
}

/** Latin-1 (PDF's WinAnsiEncoding for the standard fonts) with `(`, `)` and `\` escaped. */
const pdfText = (text: string) =>
  Buffer.from(
    text.replace(/[\\()]/g, (c) => `\\${c}`),
    'latin1',
  ).toString('latin1');

/** A one-page A4 PDF: a title, lines of text and, for a wiring diagram, a few boxes and wires. */
export function demoPdf(title: string, lines: readonly string[], diagram = false): Buffer {
  const drawing = diagram
    ? [
        '0.2 0.3 0.6 RG 2 w',
        '80 420 120 60 re S 250 420 120 60 re S 420 420 100 60 re S',
        '200 450 m 250 450 l S 370 450 m 420 450 l S',
        '140 420 m 140 340 l 470 340 l 470 420 l S',
        'BT /F1 11 Tf 95 445 Td (Steuerung) Tj ET',
        'BT /F1 11 Tf 275 445 Td (Antrieb) Tj ET',
        'BT /F1 11 Tf 432 445 Td (Bremse) Tj ET',
        'BT /F1 10 Tf 230 325 Td (Sicherheitskreis) Tj ET',
      ]
    : [];
  const content = [
    `BT /F1 20 Tf 72 770 Td (${pdfText(title)}) Tj ET`,
    ...lines.map((line, i) => `BT /F1 12 Tf 72 ${735 - i * 18} Td (${pdfText(line)}) Tj ET`),
    ...drawing,
    'BT /F1 9 Tf 72 60 Td (Demo-Dokument des Lift-Portals) Tj ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [index, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A 320×240 PNG "photo": a lift door (variant 0) or a machine room (1), drawn in code. */
export function demoPng(variant: number, width = 320, height = 240): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] =
        variant % 2 === 0 ? doorPixel(x, y, width, height) : machinePixel(x, y, width, height);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

type Rgb = [number, number, number];

function doorPixel(x: number, y: number, width: number, height: number): Rgb {
  const frame = x < 40 || x > width - 40 || y < 20;
  if (frame) return [120 + (y % 7), 110, 100];
  const seam = Math.abs(x - width / 2) < 2;
  if (seam) return [40, 40, 45];
  const shade = 170 + Math.round(40 * Math.sin((x / width) * Math.PI));
  const floor = y > height - 30;
  return floor ? [90, 80, 70] : [shade, shade + 5, shade + 12];
}

function machinePixel(x: number, y: number, width: number, height: number): Rgb {
  const dx = x - width / 2;
  const dy = y - height / 2;
  const distance = Math.sqrt(dx * dx + dy * dy);
  if (distance < 60 && distance > 50) return [60, 60, 70];
  if (distance <= 50) return [200, 60 + Math.round(distance), 40];
  const cable = Math.abs(y - 40 - x / 4) < 3;
  if (cable) return [20, 20, 20];
  return [70 + ((x ^ y) & 15), 90, 110];
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData), 0);
  return Buffer.concat([length, typeAndData, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
