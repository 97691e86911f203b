import type { LayoutElement, Resource, TemplateLayout } from '../../../contract/schemas/tableau';

/** What the palette puts on a drag: the part image's id, read by the panel where it is dropped. */
export const MIME_RESOURCE = 'application/x-tableau-resource';

/** `value` on the millimetre grid of `grid` mm. */
export const snap = (value: number, grid: number) => Math.round(value / grid) * grid;

const newId = () => crypto.randomUUID();

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The upright box around an element, turned by its rotation about its top-left corner (as Konva turns it). */
function boundsOf(element: LayoutElement): Box {
  const angle = (element.rotation * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const corners = [
    [0, 0],
    [element.width, 0],
    [0, element.height],
    [element.width, element.height],
  ].map(([x = 0, y = 0]) => [element.x + x * cos - y * sin, element.y + x * sin + y * cos] as const);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

/** Boxes that share area; touching edges do not count (rounding is forgiven by a hundredth of a millimetre). */
const overlap = (a: Box, b: Box) =>
  a.left < b.right - 0.01 && b.left < a.right - 0.01 && a.top < b.bottom - 0.01 && b.top < a.bottom - 0.01;

/**
 * Where a new element of `width` × `height` mm goes: at `wanted` (its top-left corner, on the
 * grid) if nothing lies there, else on the free place of the panel nearest to it, so that a new
 * part never hides under or covers another. A full panel keeps `wanted`.
 */
export function freePlace(
  layout: TemplateLayout,
  width: number,
  height: number,
  wanted: { x: number; y: number },
  grid: number,
): { x: number; y: number } {
  const boxes = layout.elements.map(boundsOf);
  const free = (x: number, y: number) =>
    !boxes.some((box) => overlap(box, { left: x, top: y, right: x + width, bottom: y + height }));
  const maxX = Math.max(0, layout.widthMm - width);
  const maxY = Math.max(0, layout.heightMm - height);
  const start = { x: Math.min(Math.max(0, wanted.x), maxX), y: Math.min(Math.max(0, wanted.y), maxY) };
  if (free(start.x, start.y)) return start;
  // A step of at least 5 mm keeps the search short on a 1 mm grid (a 300 × 1200 mm panel: 14,400 places).
  const step = Math.max(grid, 5);
  let best: { x: number; y: number; distance: number } | null = null;
  for (let y = 0; y <= maxY; y += step) {
    for (let x = 0; x <= maxX; x += step) {
      const distance = (x - start.x) ** 2 + (y - start.y) ** 2;
      if ((!best || distance < best.distance) && free(x, y)) best = { x, y, distance };
    }
  }
  return best ? { x: best.x, y: best.y } : start;
}

/**
 * A part image at its real size: centred on `at` (where it was dropped), else on the panel; moved
 * to the nearest free place when another element lies there.
 */
export function resourceElement(
  layout: TemplateLayout,
  resource: Resource,
  grid: number,
  at?: { x: number; y: number },
): LayoutElement {
  const wanted = {
    x: snap(at ? at.x - resource.widthMm / 2 : (layout.widthMm - resource.widthMm) / 2, grid),
    y: snap(at ? at.y - resource.heightMm / 2 : (layout.heightMm - resource.heightMm) / 2, grid),
  };
  return {
    id: newId(),
    kind: 'resource',
    resourceId: resource.id,
    subfolderId: resource.subfolderId,
    ...freePlace(layout, resource.widthMm, resource.heightMm, wanted, grid),
    width: resource.widthMm,
    height: resource.heightMm,
    rotation: 0,
  };
}

/** An engraving of `text` in the middle of the panel, or the nearest free place. */
export function textElement(layout: TemplateLayout, text: string, grid: number): LayoutElement {
  const wanted = { x: snap(layout.widthMm / 2 - 40, grid), y: snap(layout.heightMm / 2 - 6, grid) };
  return {
    id: newId(),
    kind: 'text',
    text,
    fontSizeMm: 8,
    fill: '#202124',
    subfolderId: null,
    ...freePlace(layout, 80, 12, wanted, grid),
    width: 80,
    height: 12,
    rotation: 0,
  };
}

/** A grey rectangle in the middle of the panel, or the nearest free place. */
export function shapeElement(layout: TemplateLayout, grid: number): LayoutElement {
  const wanted = { x: snap(layout.widthMm / 2 - 20, grid), y: snap(layout.heightMm / 2 - 20, grid) };
  return {
    id: newId(),
    kind: 'shape',
    shape: 'rect',
    fill: '#9aa0a6',
    stroke: '#5f6368',
    subfolderId: null,
    ...freePlace(layout, 40, 40, wanted, grid),
    width: 40,
    height: 40,
    rotation: 0,
  };
}
