import { describe, expect, it } from 'vitest';
import type { Resource, TemplateLayout } from '../../../contract/schemas/tableau';
import { freePlace, resourceElement, shapeElement, snap, textElement } from './editor-elements';

const cop: TemplateLayout = { version: 1, widthMm: 300, heightMm: 1200, background: '#c8ccd0', elements: [] };
const button = { id: 'r1', subfolderId: 'a1', widthMm: 24, heightMm: 24 } as Resource;

describe('editor elements', () => {
  it('snaps to the chosen grid', () => {
    expect(snap(12.4, 1)).toBe(12);
    expect(snap(12.6, 5)).toBe(15);
    expect(snap(14, 10)).toBe(10);
  });

  it('puts a dropped part image centred where it fell, at its real size, on the grid', () => {
    const dropped = resourceElement(cop, button, 1, { x: 200.4, y: 200.2 });
    expect(dropped).toMatchObject({ kind: 'resource', resourceId: 'r1', subfolderId: 'a1' });
    expect(dropped).toMatchObject({ x: 188, y: 188, width: 24, height: 24, rotation: 0 });
  });

  it('puts an added element in the middle of the panel, each with an id of its own', () => {
    expect(resourceElement(cop, button, 1)).toMatchObject({ x: 138, y: 588 });
    const text = textElement(cop, 'NOTRUF', 5);
    expect(text).toMatchObject({ kind: 'text', text: 'NOTRUF', x: 110, y: 595, width: 80, height: 12 });
    const shape = shapeElement(cop, 1);
    expect(shape).toMatchObject({ kind: 'shape', x: 130, y: 580, width: 40, height: 40 });
    expect(new Set([text.id, shape.id]).size).toBe(2);
  });

  it('puts a new part beside the others, never on top of one', () => {
    let layout = cop;
    const placed = [];
    for (let n = 0; n < 5; n++) {
      const part = resourceElement(layout, button, 1);
      placed.push(part);
      layout = { ...layout, elements: [...layout.elements, part] };
    }
    for (const [i, a] of placed.entries())
      for (const b of placed.slice(i + 1)) {
        const apart =
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${JSON.stringify(a)} / ${JSON.stringify(b)}`).toBe(true);
      }
    // The first stays where it was asked for; a part dropped on it moves to the nearest free place.
    expect(placed[0]).toMatchObject({ x: 138, y: 588 });
    const dropped = resourceElement(layout, button, 1, { x: 150, y: 600 });
    expect(Math.hypot(dropped.x - 138, dropped.y - 588)).toBeLessThanOrEqual(40);
    expect(layout.elements.some((part) => part.x === dropped.x && part.y === dropped.y)).toBe(false);
  });

  it('counts a turned element by the box it covers, and keeps new ones on the panel', () => {
    const turned = { ...shapeElement(cop, 1), x: 100, y: 100, width: 100, height: 20, rotation: 90 };
    const layout = { ...cop, elements: [turned] };
    // Turned about its corner, the bar covers x 80..100, y 100..200.
    expect(freePlace(layout, 10, 10, { x: 85, y: 150 }, 1)).not.toEqual({ x: 85, y: 150 });
    expect(freePlace(layout, 10, 10, { x: 50, y: 150 }, 1)).toEqual({ x: 50, y: 150 });
    expect(freePlace(layout, 10, 10, { x: 295, y: -4 }, 1)).toEqual({ x: 290, y: 0 });
  });
});
