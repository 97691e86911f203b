import type { LayoutElement, Resource, TemplateLayout } from '../../../contract/schemas/tableau';

/** What the palette puts on a drag: the part image's id, read by the panel where it is dropped. */
export const MIME_RESOURCE = 'application/x-tableau-resource';

/** `value` on the millimetre grid of `grid` mm. */
export const snap = (value: number, grid: number) => Math.round(value / grid) * grid;

const newId = () => crypto.randomUUID();

/** A part image at its real size: centred on `at` (where it was dropped), else on the panel. */
export function resourceElement(
  layout: TemplateLayout,
  resource: Resource,
  grid: number,
  at?: { x: number; y: number },
): LayoutElement {
  return {
    id: newId(),
    kind: 'resource',
    resourceId: resource.id,
    subfolderId: resource.subfolderId,
    x: snap(at ? at.x - resource.widthMm / 2 : (layout.widthMm - resource.widthMm) / 2, grid),
    y: snap(at ? at.y - resource.heightMm / 2 : (layout.heightMm - resource.heightMm) / 2, grid),
    width: resource.widthMm,
    height: resource.heightMm,
    rotation: 0,
  };
}

/** An engraving of `text` in the middle of the panel. */
export function textElement(layout: TemplateLayout, text: string, grid: number): LayoutElement {
  return {
    id: newId(),
    kind: 'text',
    text,
    fontSizeMm: 8,
    fill: '#202124',
    subfolderId: null,
    x: snap(layout.widthMm / 2 - 40, grid),
    y: snap(layout.heightMm / 2 - 6, grid),
    width: 80,
    height: 12,
    rotation: 0,
  };
}

/** A grey rectangle in the middle of the panel. */
export function shapeElement(layout: TemplateLayout, grid: number): LayoutElement {
  return {
    id: newId(),
    kind: 'shape',
    shape: 'rect',
    fill: '#9aa0a6',
    stroke: '#5f6368',
    subfolderId: null,
    x: snap(layout.widthMm / 2 - 20, grid),
    y: snap(layout.heightMm / 2 - 20, grid),
    width: 40,
    height: 40,
    rotation: 0,
  };
}
