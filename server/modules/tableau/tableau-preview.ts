import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { LayoutElement, Template, TemplateLayout } from '../../../contract/schemas/tableau';
import type { Storage } from '../../integrations/blob/storage';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { allowedContentType } from '../../lib/file-type';
import type { createTableauRepository } from './tableau.repository';
import { readBlobBytes, removeBlobs } from './tableau-images';

/** Pixels per millimetre of a preview, as the editor saves its own (src/features/tableau/TemplateEditorPage.tsx). */
const PREVIEW_PX_PER_MM = 1.5;
/** A drawn preview's longer side at most (a 5 m panel would be 7,500 pixels at 1.5 per mm). */
const MAX_DRAWN_SIDE = 4000;
/**
 * An uploaded preview is decoded whole; larger ones are refused rather than held in memory (the
 * editor's largest, a 5 × 5 m panel, has 7,500 pixels a side).
 */
const MAX_UPLOAD_PIXELS = 8192 * 8192;
/** Drawn previews are named so: a new layout redraws them, an uploaded (the editor's) one stays. */
const DRAWN_SUFFIX = '-drawn.png';
const PREVIEWS = SYSTEM_CONTAINERS.tableauPreviews;
const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

export const isDrawnPreview = (name: string | null): boolean => name?.endsWith(DRAWN_SUFFIX) ?? false;

/** A part image to draw: PNG, GIF or JPEG bytes and their type. */
export interface PreviewImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * An uploaded preview as stored: the PNG decoded whole by sharp and written again, so that what
 * is kept is a PNG every reader takes (the offer and bill of materials PDFs embed it). Null for
 * bytes that are no PNG or do not decode (a PNG header over broken pixels passes the magic number).
 */
export async function decodePreview(bytes: Buffer): Promise<Buffer | null> {
  if (allowedContentType(bytes, ['image/png']) === null) return null;
  try {
    return await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS }).png().toBuffer();
  } catch {
    return null;
  }
}

const xmlText = (text: string) =>
  text
    // Characters XML 1.0 does not allow (and line breaks: an engraving is one line), which would
    // fail the whole drawing.
    .replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** One element in millimetres, rotated around its top left corner as Konva does. */
function elementSvg(element: LayoutElement, symbols: ReadonlyMap<string, string>): string {
  const { width: w, height: h } = element;
  let body: string;
  if (element.kind === 'resource') {
    const symbol = symbols.get(element.resourceId);
    // A part that cannot be shown (private, deleted) as the editor shows an image not loaded yet.
    body = symbol
      ? `<use href="#${symbol}" width="${w}" height="${h}"/>`
      : `<rect width="${w}" height="${h}" fill="#e0e0e0" stroke="#9aa0a6" stroke-width="0.5"/>`;
  } else if (element.kind === 'text') {
    body = `<text x="${w / 2}" y="${h / 2}" font-family="${FONT}" font-size="${element.fontSizeMm}" fill="${element.fill}" text-anchor="middle" dominant-baseline="central">${xmlText(element.text)}</text>`;
  } else if (element.shape === 'ellipse') {
    body = `<ellipse cx="${w / 2}" cy="${h / 2}" rx="${w / 2}" ry="${h / 2}" fill="${element.fill}" stroke="${element.stroke}" stroke-width="0.5"/>`;
  } else {
    body = `<rect width="${w}" height="${h}" fill="${element.fill}" stroke="${element.stroke}" stroke-width="0.5"/>`;
  }
  return `<g transform="translate(${element.x} ${element.y}) rotate(${element.rotation})">${body}</g>`;
}

/**
 * The layout as SVG in millimetres: the panel in its colour with its outline, then the elements
 * in order. Each part image is embedded once (a symbol) however often the panel shows it.
 */
async function layoutSvg(layout: TemplateLayout, images: ReadonlyMap<string, PreviewImage>): Promise<string> {
  const scale = Math.min(PREVIEW_PX_PER_MM, MAX_DRAWN_SIDE / Math.max(layout.widthMm, layout.heightMm));
  const width = Math.max(1, Math.round(layout.widthMm * scale));
  const height = Math.max(1, Math.round(layout.heightMm * scale));
  const symbols = new Map<string, string>();
  const defs: string[] = [];
  for (const [id, image] of images) {
    let size: { width?: number; height?: number };
    try {
      size = await sharp(image.bytes).metadata();
    } catch {
      continue;
    }
    if (!size.width || !size.height) continue;
    const symbol = `p${symbols.size}`;
    symbols.set(id, symbol);
    defs.push(
      `<symbol id="${symbol}" viewBox="0 0 ${size.width} ${size.height}" preserveAspectRatio="none"><image width="${size.width}" height="${size.height}" href="data:${image.contentType};base64,${image.bytes.toString('base64')}"/></symbol>`,
    );
  }
  const edge = Math.min(1, layout.widthMm / 20, layout.heightMm / 20);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${layout.widthMm} ${layout.heightMm}" preserveAspectRatio="none">`,
    `<defs>${defs.join('')}</defs>`,
    `<rect width="${layout.widthMm}" height="${layout.heightMm}" fill="${layout.background}"/>`,
    ...layout.elements.map((element) => elementSvg(element, symbols)),
    `<rect x="${edge / 2}" y="${edge / 2}" width="${layout.widthMm - edge}" height="${layout.heightMm - edge}" fill="none" stroke="#5f6368" stroke-width="${edge}"/>`,
    '</svg>',
  ].join('');
}

/** The layout drawn as a PNG (1.5 pixels per mm, as the editor's), rasterised by sharp from SVG. */
async function drawPreview(
  layout: TemplateLayout,
  images: ReadonlyMap<string, PreviewImage>,
): Promise<Buffer> {
  return sharp(Buffer.from(await layoutSvg(layout, images)))
    .png()
    .toBuffer();
}

/** Draws the layout and stores it in `tableau-previews`; answers the new blob's name. */
export async function storeDrawnPreview(
  storage: Storage,
  layout: TemplateLayout,
  images: ReadonlyMap<string, PreviewImage>,
): Promise<string> {
  const name = `${randomUUID()}${DRAWN_SUFFIX}`;
  await storage.putBlob(PREVIEWS, name, await drawPreview(layout, images), 'image/png');
  return name;
}

/** The ids of the part images a layout shows. */
const layoutImageIds = (layout: TemplateLayout): string[] => [
  ...new Set(layout.elements.flatMap((element) => (element.kind === 'resource' ? [element.resourceId] : []))),
];

/**
 * Draws and sets the previews of templates (docs/tableau.md#previews): part images from their
 * thumbnails, public ones only, since every admin sees a template's preview.
 */
export function createPreviewDrawer(
  repo: ReturnType<typeof createTableauRepository>,
  storage: Storage,
  log: FastifyBaseLogger,
) {
  const imagesOf = async (layout: TemplateLayout) => {
    const images = new Map<string, PreviewImage>();
    for (const [id, thumbnail] of await repo.publicThumbnails(layoutImageIds(layout))) {
      const bytes = await readBlobBytes(storage, SYSTEM_CONTAINERS.tableauResources, thumbnail);
      if (bytes) images.set(id, { bytes, contentType: 'image/png' });
    }
    return images;
  };

  const drawer = {
    /**
     * Draws `layout` as the preview of template `id` in place of `expected` (null: none yet), unless
     * the template got another preview meanwhile. Answers the template with it, or undefined when
     * not drawn: the template is kept without (a preview is not worth failing a save for).
     */
    async draw(id: string, expected: string | null, layout: TemplateLayout): Promise<Template | undefined> {
      let name: string | undefined;
      try {
        name = await storeDrawnPreview(storage, layout, await imagesOf(layout));
        const template = await repo.replacePreview(id, expected, name);
        await removeBlobs(storage, PREVIEWS, template ? (expected ? [expected] : []) : [name]);
        return template;
      } catch (error) {
        if (name) await removeBlobs(storage, PREVIEWS, [name]);
        log.warn({ err: error, templateId: id }, 'template preview not drawn');
        return undefined;
      }
    },

    /** Draws the previews of every template stored without one (before previews were drawn). */
    async drawMissing(): Promise<void> {
      let after: string | null = null;
      let drawn = 0;
      for (;;) {
        const batch = await repo.templatesWithoutPreview(after, 50);
        for (const row of batch) if (await drawer.draw(row.id, null, row.data)) drawn += 1;
        const last = batch.at(-1);
        if (!last) break;
        after = last.id;
      }
      if (drawn > 0) log.info({ drawn }, 'template previews drawn');
    },
  };
  return drawer;
}
