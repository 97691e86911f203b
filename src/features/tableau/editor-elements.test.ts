import { describe, expect, it } from 'vitest';
import type { Resource, TemplateLayout } from '../../../contract/schemas/tableau';
import { resourceElement, shapeElement, snap, textElement } from './editor-elements';

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
});
