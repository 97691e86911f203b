import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { LayoutElement, TemplateLayout } from '../../contract/schemas/tableau';
import type { Database } from '../db/client';
import { tableauFolders, tableauResources, tableauSubfolders, tableauTemplates } from '../db/schema/tableau';
import { users } from '../db/schema/users';
import type { Storage } from '../integrations/blob/storage';
import { storePartImage } from '../modules/tableau/tableau-images';
import { type PreviewImage, storeDrawnPreview } from '../modules/tableau/tableau-preview';

/** Arbitrary but fixed: two processes starting on one database seed the demo library once. */
const DEMO_TABLEAU_LOCK_KEY = 727_465_016;
/** The demo images are drawn at this resolution. */
const PX_PER_MM = 8;
const FONT = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"';

/** A part drawn as SVG in a box of `w` × `h` millimetres. */
interface DemoPart {
  key: string;
  name: string;
  number: string;
  priceCents: number;
  w: number;
  h: number;
  svg: (w: number, h: number) => string;
}

const svgDoc = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w * PX_PER_MM}" height="${h * PX_PER_MM}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** A round push button with a steel bezel, a lit ring and its label engraved. */
const pushButton =
  (label: string, ring: string, face = '#e8eaec') =>
  (w: number, h: number) =>
    svgDoc(
      w,
      h,
      `<defs><radialGradient id="g" cx="40%" cy="35%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#9aa0a6"/></radialGradient></defs>
<circle cx="${w / 2}" cy="${h / 2}" r="${w / 2 - 0.3}" fill="url(#g)" stroke="#5f6368" stroke-width="0.6"/>
<circle cx="${w / 2}" cy="${h / 2}" r="${w / 2 - 3}" fill="${ring}"/>
<circle cx="${w / 2}" cy="${h / 2}" r="${w / 2 - 4.5}" fill="${face}" stroke="#bdc1c6" stroke-width="0.3"/>
<text x="${w / 2}" y="${h / 2}" ${FONT} font-size="${w * (label.length > 2 ? 0.2 : 0.32)}" font-weight="bold" fill="#202124" text-anchor="middle" dominant-baseline="central">${label}</text>`,
    );

/** A square button, the other product line's style. */
const squareButton = (label: string, ring: string) => (w: number, h: number) =>
  svgDoc(
    w,
    h,
    `<rect x="0.3" y="0.3" width="${w - 0.6}" height="${h - 0.6}" rx="2" fill="#3c4043" stroke="#202124" stroke-width="0.6"/>
<rect x="2.5" y="2.5" width="${w - 5}" height="${h - 5}" rx="1.5" fill="#1a1a1a" stroke="${ring}" stroke-width="0.8"/>
<text x="${w / 2}" y="${h / 2}" ${FONT} font-size="${w * 0.34}" font-weight="bold" fill="${ring}" text-anchor="middle" dominant-baseline="central">${label}</text>`,
  );

/** A floor display showing a floor and an arrow. */
const display = (background: string, colour: string, text: string) => (w: number, h: number) =>
  svgDoc(
    w,
    h,
    `<rect x="0.3" y="0.3" width="${w - 0.6}" height="${h - 0.6}" rx="2" fill="#202124" stroke="#5f6368" stroke-width="0.6"/>
<rect x="3" y="3" width="${w - 6}" height="${h - 6}" rx="1" fill="${background}"/>
<path d="M ${w * 0.2} ${h * 0.62} L ${w * 0.28} ${h * 0.38} L ${w * 0.36} ${h * 0.62} Z" fill="${colour}"/>
<text x="${w * 0.64}" y="${h / 2}" ${FONT} font-size="${h * 0.5}" font-weight="bold" fill="${colour}" text-anchor="middle" dominant-baseline="central">${text}</text>`,
  );

/** A key switch: a round steel plate with a keyhole and two positions. */
const keySwitch = (w: number, h: number) =>
  svgDoc(
    w,
    h,
    `<circle cx="${w / 2}" cy="${h / 2}" r="${w / 2 - 0.3}" fill="#c0c4c8" stroke="#5f6368" stroke-width="0.6"/>
<circle cx="${w / 2}" cy="${h / 2}" r="${w / 4}" fill="#dadce0" stroke="#80868b" stroke-width="0.5"/>
<rect x="${w / 2 - 0.8}" y="${h / 2 - w / 6}" width="1.6" height="${w / 3}" rx="0.8" fill="#202124"/>
<text x="${w * 0.2}" y="${h * 0.2}" ${FONT} font-size="${w * 0.14}" fill="#202124" text-anchor="middle">0</text>
<text x="${w * 0.8}" y="${h * 0.2}" ${FONT} font-size="${w * 0.14}" fill="#202124" text-anchor="middle">I</text>`,
  );

/** A direction arrow (hall lantern): up or down, lit. */
const arrow = (up: boolean, colour: string) => (w: number, h: number) =>
  svgDoc(
    w,
    h,
    `<rect x="0.3" y="0.3" width="${w - 0.6}" height="${h - 0.6}" rx="2" fill="#303134" stroke="#5f6368" stroke-width="0.6"/>
<path d="${
      up
        ? `M ${w / 2} ${h * 0.2} L ${w * 0.8} ${h * 0.75} L ${w * 0.2} ${h * 0.75} Z`
        : `M ${w / 2} ${h * 0.8} L ${w * 0.8} ${h * 0.25} L ${w * 0.2} ${h * 0.25} Z`
    }" fill="${colour}"/>`,
  );

/** A sign plate with text (capacity, emergency, manufacturer). */
const sign = (lines: string[], background: string, colour: string) => (w: number, h: number) => {
  const size = Math.min(h / (lines.length + 1), w / 12);
  const text = lines
    .map(
      (line, index) =>
        `<text x="${w / 2}" y="${(h / (lines.length + 1)) * (index + 1)}" ${FONT} font-size="${size}" fill="${colour}" text-anchor="middle" dominant-baseline="central">${line}</text>`,
    )
    .join('');
  return svgDoc(
    w,
    h,
    `<rect x="0.3" y="0.3" width="${w - 0.6}" height="${h - 0.6}" rx="1.5" fill="${background}" stroke="#5f6368" stroke-width="0.5"/>${text}`,
  );
};

/** An intercom grille: rows of holes. */
const grille = (w: number, h: number) => {
  const holes: string[] = [];
  for (let y = 4; y < h - 2; y += 3.5)
    for (let x = 4; x < w - 2; x += 3.5) holes.push(`<circle cx="${x}" cy="${y}" r="1" fill="#202124"/>`);
  return svgDoc(
    w,
    h,
    `<rect x="0.3" y="0.3" width="${w - 0.6}" height="${h - 0.6}" rx="3" fill="#bdc1c6" stroke="#5f6368" stroke-width="0.6"/>${holes.join('')}`,
  );
};

const bell = (colour: string) => (w: number, h: number) =>
  svgDoc(
    w,
    h,
    `<circle cx="${w / 2}" cy="${h / 2}" r="${w / 2 - 0.3}" fill="#9aa0a6" stroke="#5f6368" stroke-width="0.6"/>
<circle cx="${w / 2}" cy="${h / 2}" r="${w / 2 - 3}" fill="${colour}"/>
<path d="M ${w * 0.32} ${h * 0.62} Q ${w * 0.34} ${h * 0.3} ${w / 2} ${h * 0.28} Q ${w * 0.66} ${h * 0.3} ${w * 0.68} ${h * 0.62} Z" fill="#202124"/>
<circle cx="${w / 2}" cy="${h * 0.68}" r="${w * 0.05}" fill="#202124"/>`,
  );

const CLASSIC_RING = '#4285f4';
const VISION_RING = '#34a853';

/** Product line "Classic": round steel buttons. */
const CLASSIC: DemoPart[] = [
  ...['-1', '0', '1', '2', '3', '4', '5', '6', '7'].map(
    (floor): DemoPart => ({
      key: `classic-${floor}`,
      name: `Taster rund ${floor}`,
      number: `CL-TR-${floor.replace('-', 'U')}`,
      priceCents: 2490,
      w: 38,
      h: 38,
      svg: pushButton(floor, CLASSIC_RING),
    }),
  ),
  {
    key: 'classic-open',
    name: 'Taster Tür auf',
    number: 'CL-TA',
    priceCents: 2690,
    w: 38,
    h: 38,
    svg: pushButton('◀|▶', CLASSIC_RING),
  },
  {
    key: 'classic-close',
    name: 'Taster Tür zu',
    number: 'CL-TZ',
    priceCents: 2690,
    w: 38,
    h: 38,
    svg: pushButton('▶|◀', CLASSIC_RING),
  },
  {
    key: 'classic-alarm',
    name: 'Notruftaster',
    number: 'CL-NR',
    priceCents: 4850,
    w: 38,
    h: 38,
    svg: bell('#fbbc04'),
  },
  {
    key: 'classic-display',
    name: 'Etagenanzeige LCD',
    number: 'CL-AZ-LCD',
    priceCents: 18900,
    w: 110,
    h: 60,
    svg: display('#0b3d91', '#ffffff', '3'),
  },
  {
    key: 'classic-key',
    name: 'Schlüsselschalter',
    number: 'CL-SS',
    priceCents: 6400,
    w: 40,
    h: 40,
    svg: keySwitch,
  },
  {
    key: 'classic-grille',
    name: 'Sprechstelle',
    number: 'CL-SP',
    priceCents: 9850,
    w: 70,
    h: 40,
    svg: grille,
  },
  {
    key: 'classic-plate',
    name: 'Lastschild 630 kg',
    number: 'CL-LS-630',
    priceCents: 1200,
    w: 90,
    h: 30,
    svg: sign(['630 kg', '8 Personen'], '#f1f3f4', '#202124'),
  },
];

/** Product line "Vision": square glass buttons, dot matrix display. */
const VISION: DemoPart[] = [
  ...['0', '1', '2', '3', '4', '5'].map(
    (floor): DemoPart => ({
      key: `vision-${floor}`,
      name: `Taster eckig ${floor}`,
      number: `VI-TE-${floor}`,
      priceCents: 3150,
      w: 40,
      h: 40,
      svg: squareButton(floor, VISION_RING),
    }),
  ),
  {
    key: 'vision-up',
    name: 'Außenruf auf',
    number: 'VI-AR-AUF',
    priceCents: 3350,
    w: 40,
    h: 40,
    svg: squareButton('▲', VISION_RING),
  },
  {
    key: 'vision-down',
    name: 'Außenruf ab',
    number: 'VI-AR-AB',
    priceCents: 3350,
    w: 40,
    h: 40,
    svg: squareButton('▼', VISION_RING),
  },
  {
    key: 'vision-display',
    name: 'Punktmatrix-Anzeige',
    number: 'VI-AZ-DM',
    priceCents: 22500,
    w: 90,
    h: 50,
    svg: display('#111111', '#ff6d00', '0'),
  },
  {
    key: 'vision-lantern-up',
    name: 'Weiterfahrtpfeil auf',
    number: 'VI-WP-AUF',
    priceCents: 5400,
    w: 50,
    h: 50,
    svg: arrow(true, '#34a853'),
  },
  {
    key: 'vision-lantern-down',
    name: 'Weiterfahrtpfeil ab',
    number: 'VI-WP-AB',
    priceCents: 5400,
    w: 50,
    h: 50,
    svg: arrow(false, '#ea4335'),
  },
  {
    key: 'vision-fire',
    name: 'Feuerwehrschild',
    number: 'VI-FW',
    priceCents: 1850,
    w: 80,
    h: 30,
    svg: sign(['Im Brandfall', 'Aufzug nicht benutzen'], '#d93025', '#ffffff'),
  },
  {
    key: 'vision-key',
    name: 'Schlüsselschalter Vorzugsfahrt',
    number: 'VI-SS',
    priceCents: 7200,
    w: 40,
    h: 40,
    svg: keySwitch,
  },
  {
    key: 'vision-braille',
    name: 'Blindenschriftplatte',
    number: 'VI-BR',
    priceCents: 950,
    w: 30,
    h: 20,
    svg: sign(['⠁⠃⠉'], '#e8eaed', '#202124'),
  },
];

/** Renders every part and stores it; answers the article and image ids per part key. */
async function storeParts(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  storage: Storage,
  folderId: string,
  userId: string,
  parts: DemoPart[],
) {
  const placed: Placed = new Map();
  for (const part of parts) {
    const png = await sharp(Buffer.from(part.svg(part.w, part.h)))
      .png()
      .toBuffer();
    const stored = await storePartImage(storage, png);
    if (!stored) throw new Error(`demo part ${part.key} not drawn`);
    const [subfolder] = await tx
      .insert(tableauSubfolders)
      .values({ folderId, name: part.name, number: part.number, priceCents: part.priceCents, userId })
      .returning({ id: tableauSubfolders.id });
    if (!subfolder) throw new Error('demo article not inserted');
    const resourceId = randomUUID();
    await tx.insert(tableauResources).values({
      id: resourceId,
      subfolderId: subfolder.id,
      name: part.name,
      ...stored,
      widthMm: part.w,
      heightMm: part.h,
    });
    placed.set(part.key, { subfolderId: subfolder.id, resourceId, w: part.w, h: part.h, png });
  }
  return placed;
}

/**
 * The demo tableau library: two public product lines ("Classic" and "Vision", 30 articles) with
 * part images drawn here as SVG and rasterised by sharp (nothing downloaded), and a COP and a LOP
 * template built from them. Runs once, while the library has never held a folder.
 */
export async function seedDemoTableau(db: Database, storage: Storage, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_TABLEAU_LOCK_KEY})`);
    const [existing] = await tx.select({ value: count() }).from(tableauFolders);
    if ((existing?.value ?? 0) > 0) return;
    const [admin] = await tx.select().from(users).where(eq(users.email, 'admin@demo.local'));
    if (!admin) return;
    const lines = [
      { name: 'Classic', notes: 'Runde Edelstahltaster mit blauem Leuchtring, LCD-Anzeige', parts: CLASSIC },
      {
        name: 'Vision',
        notes: 'Eckige Glastaster mit grünem Leuchtring, Punktmatrix-Anzeige',
        parts: VISION,
      },
    ];
    const placedByLine: Placed[] = [];
    for (const line of lines) {
      const [folder] = await tx
        .insert(tableauFolders)
        .values({ name: line.name, notes: line.notes, userId: admin.id, isPublic: true })
        .returning({ id: tableauFolders.id });
      if (!folder) throw new Error('demo folder not inserted');
      placedByLine.push(await storeParts(tx, storage, folder.id, admin.id, line.parts));
    }
    const [classic, vision] = placedByLine;
    if (!classic || !vision) return;
    // Their previews drawn from the layouts, as for any template saved without one (tableau-preview.ts).
    const images = new Map<string, PreviewImage>(
      [...classic.values(), ...vision.values()].map((part) => [
        part.resourceId,
        { bytes: part.png, contentType: 'image/png' },
      ]),
    );
    const cop = copLayout(classic);
    const lop = lopLayout(vision);
    await tx.insert(tableauTemplates).values([
      {
        name: 'COP Classic 8 Haltestellen',
        description:
          'Kabinentableau mit LCD-Anzeige, acht Etagentastern, Türtastern, Notruf und Schlüsselschalter',
        type: 'COP',
        data: cop,
        previewName: await storeDrawnPreview(storage, cop, images),
        userId: admin.id,
      },
      {
        name: 'LOP Vision',
        description: 'Außentableau mit Punktmatrix-Anzeige, Weiterfahrtpfeilen und Außenrufen auf und ab',
        type: 'LOP',
        data: lop,
        previewName: await storeDrawnPreview(storage, lop, images),
        userId: admin.id,
      },
    ]);
    log.info(
      { folders: 2, articles: CLASSIC.length + VISION.length, templates: 2 },
      'first start: seeded the demo tableau library',
    );
  });
}

type Placed = Map<string, { subfolderId: string; resourceId: string; w: number; h: number; png: Buffer }>;

function place(placed: Placed, key: string, id: string, x: number, y: number): LayoutElement {
  const part = placed.get(key);
  if (!part) throw new Error(`demo part ${key} missing`);
  return {
    id,
    kind: 'resource',
    resourceId: part.resourceId,
    subfolderId: part.subfolderId,
    x,
    y,
    width: part.w,
    height: part.h,
    rotation: 0,
  };
}

function copLayout(classic: Placed): TemplateLayout {
  const elements: LayoutElement[] = [place(classic, 'classic-display', 'display', 95, 80)];
  const floors = ['-1', '0', '1', '2', '3', '4', '5', '6', '7'];
  // Floor buttons from the bottom up in two columns, as a passenger reads them.
  floors.forEach((floor, index) => {
    const column = index % 2;
    const row = Math.floor(index / 2);
    elements.push(place(classic, `classic-${floor}`, `floor-${floor}`, 95 + column * 72, 620 - row * 60));
  });
  elements.push(
    place(classic, 'classic-open', 'door-open', 95, 700),
    place(classic, 'classic-close', 'door-close', 167, 700),
    place(classic, 'classic-alarm', 'alarm', 131, 770),
    place(classic, 'classic-grille', 'intercom', 115, 840),
    place(classic, 'classic-key', 'key', 130, 930),
    place(classic, 'classic-plate', 'plate', 105, 1050),
    {
      id: 'engraving',
      kind: 'text',
      text: 'LIFT PORTAL',
      fontSizeMm: 9,
      fill: '#3c4043',
      subfolderId: null,
      x: 80,
      y: 170,
      width: 140,
      height: 12,
      rotation: 0,
    },
  );
  return { version: 1, widthMm: 300, heightMm: 1200, background: '#c8ccd0', elements };
}

function lopLayout(vision: Placed): TemplateLayout {
  return {
    version: 1,
    widthMm: 120,
    heightMm: 320,
    background: '#5f6368',
    elements: [
      place(vision, 'vision-display', 'display', 15, 20),
      place(vision, 'vision-lantern-up', 'lantern-up', 8, 85),
      place(vision, 'vision-lantern-down', 'lantern-down', 62, 85),
      place(vision, 'vision-up', 'call-up', 40, 160),
      place(vision, 'vision-down', 'call-down', 40, 215),
      place(vision, 'vision-braille', 'braille', 45, 275),
    ],
  };
}
