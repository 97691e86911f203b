import type Konva from 'konva';
import { memo, useRef, useState } from 'react';
import { Ellipse, Image as KonvaImage, Text as KonvaText, Rect } from 'react-konva';
import type { LayoutElement } from '../../../contract/schemas/tableau';
import { snap } from './editor-elements';
import { partImageSource } from './part-images';

/** Part images by URL, loaded once (with the session's token, part-images.tsx) for every element that shows them. */
const imageCache = new Map<string, HTMLImageElement>();
function useLoadedImage(url: string | undefined): HTMLImageElement | undefined {
  const [, setLoaded] = useState(0);
  if (!url) return undefined;
  let image = imageCache.get(url);
  if (!image) {
    const created = new window.Image();
    image = created;
    imageCache.set(url, created);
    partImageSource(url).then(
      (source) => {
        created.src = source;
      },
      () => imageCache.delete(url),
    );
  }
  // An image without a source counts as complete: it is ready once it has pixels.
  const ready = image.complete && image.naturalWidth > 0;
  if (!ready) image.addEventListener('load', () => setLoaded((n) => n + 1), { once: true });
  return ready ? image : undefined;
}

interface ElementProps {
  /** While an element is dragged it sits on this layer, so the other elements are not redrawn. */
  dragLayer: React.RefObject<Konva.Layer | null>;
  element: LayoutElement;
  url: string | undefined;
  grid: number;
  onSelect: (id: string) => void;
  onChange: (id: string, change: Partial<LayoutElement>) => void;
}

/** One element of the panel: a part image, an engraving or a shape, in millimetres (the stage scales). */
export const PanelElement = memo(function PanelElement({
  dragLayer,
  element,
  url,
  grid,
  onSelect,
  onChange,
}: ElementProps) {
  const home = useRef<{ layer: Konva.Container; index: number } | null>(null);
  const image = useLoadedImage(element.kind === 'resource' ? url : undefined);
  const common = {
    id: element.id,
    name: 'element',
    x: element.x,
    y: element.y,
    width: element.width,
    height: element.height,
    rotation: element.rotation,
    draggable: true,
    perfectDrawEnabled: false,
    onMouseDown: () => onSelect(element.id),
    onTap: () => onSelect(element.id),
    onDragStart: (event: Konva.KonvaEventObject<DragEvent>) => {
      const node = event.target;
      const layer = node.getParent();
      if (!dragLayer.current || !layer) return;
      home.current = { layer, index: node.zIndex() };
      node.moveTo(dragLayer.current);
    },
    onDragMove: (event: Konva.KonvaEventObject<DragEvent>) => {
      // Aligned on the millimetre grid while it moves.
      event.target.x(snap(event.target.x(), grid));
      event.target.y(snap(event.target.y(), grid));
    },
    onDragEnd: (event: Konva.KonvaEventObject<DragEvent>) => {
      const node = event.target;
      // Back in its place among the others before React sees the change.
      if (home.current) {
        node.moveTo(home.current.layer);
        node.zIndex(home.current.index);
        home.current = null;
      }
      onChange(element.id, { x: node.x(), y: node.y() });
    },
    onTransformEnd: (event: Konva.KonvaEventObject<Event>) => {
      const node = event.target;
      const width = Math.max(grid, snap(node.width() * node.scaleX(), grid));
      const height = Math.max(grid, snap(node.height() * node.scaleY(), grid));
      node.scaleX(1);
      node.scaleY(1);
      onChange(element.id, {
        x: snap(node.x(), grid),
        y: snap(node.y(), grid),
        width,
        height,
        rotation: Math.round(node.rotation()),
      });
    },
  };
  if (element.kind === 'resource') {
    // One node before and after the image loads (a new node would lose the transformer).
    return <KonvaImage {...common} image={image} fill={image ? undefined : '#e0e0e0'} />;
  }
  if (element.kind === 'text') {
    return (
      <KonvaText
        {...common}
        text={element.text}
        fontSize={element.fontSizeMm}
        fontFamily="DejaVu Sans, Arial, sans-serif"
        fill={element.fill}
        align="center"
        verticalAlign="middle"
      />
    );
  }
  return element.shape === 'ellipse' ? (
    <Ellipse
      {...common}
      radiusX={element.width / 2}
      radiusY={element.height / 2}
      offsetX={-element.width / 2}
      offsetY={-element.height / 2}
      fill={element.fill}
      stroke={element.stroke}
      strokeWidth={0.5}
    />
  ) : (
    <Rect {...common} fill={element.fill} stroke={element.stroke} strokeWidth={0.5} />
  );
});
