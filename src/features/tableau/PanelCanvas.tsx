import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type Konva from 'konva';
import { memo, type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Layer, Line, Rect, Stage, Transformer } from 'react-konva';
import type { LayoutElement, Resource, TemplateLayout } from '../../../contract/schemas/tableau';
import { MIME_RESOURCE } from './editor-elements';
import { PanelElement } from './PanelElement';

/** Pixels per millimetre of the saved PNG preview. */
const PREVIEW_PX_PER_MM = 1.5;

/**
 * Pixels per millimetre below which parts get too small to handle (a 24 mm button at 29 px): a
 * tall panel (a 300 × 1200 mm COP) is drawn at least this large where the width allows, and its
 * box scrolls, rather than squeezed whole into the window (it was 150 px wide, its parts 10 px).
 */
const READABLE_PX_PER_MM = 1.2;

/** The box's room below its top edge, down to the window's bottom. */
const MIN_BOX_HEIGHT = 320;

/** What the editor asks of the drawn panel. */
export interface PanelCanvasHandle {
  /** The panel alone as a PNG, without the grid and the selection handles. */
  preview: () => Promise<Blob>;
}

/** The millimetre grid (every 10 mm), not part of the preview. */
const GridLines = memo(function GridLines({ layout }: { layout: TemplateLayout }) {
  const lines = [];
  for (let x = 10; x < layout.widthMm; x += 10)
    lines.push(
      <Line key={`x${x}`} points={[x, 0, x, layout.heightMm]} stroke="#00000018" strokeWidth={0.3} />,
    );
  for (let y = 10; y < layout.heightMm; y += 10)
    lines.push(
      <Line key={`y${y}`} points={[0, y, layout.widthMm, y]} stroke="#00000018" strokeWidth={0.3} />,
    );
  return <>{lines}</>;
});

/**
 * The panel drawn to scale with Konva: as large as its box's width and the window's height allow,
 * keeping its proportions (times `zoom`; see READABLE_PX_PER_MM for tall panels), takes part
 * images dropped from the palette, and puts the transformer on the selected element.
 */
export function PanelCanvas({
  ref,
  layout,
  grid,
  zoom,
  resourceById,
  selectedId,
  onSelect,
  onChange,
  onDropResource,
}: {
  ref: Ref<PanelCanvasHandle>;
  layout: TemplateLayout;
  grid: number;
  zoom: number;
  resourceById: Map<string, Resource>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onChange: (id: string, change: Partial<LayoutElement>) => void;
  onDropResource: (resource: Resource, at: { x: number; y: number }) => void;
}) {
  const { t } = useLingui();
  const [room, setRoom] = useState({ width: 600, height: 600 });
  const boxRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const transformerRef = useRef<Konva.Transformer>(null);
  const gridLayerRef = useRef<Konva.Layer>(null);
  const dragLayerRef = useRef<Konva.Layer>(null);
  const widthFit = room.width / layout.widthMm;
  const wholeFit = Math.min(widthFit, room.height / layout.heightMm);
  const scale = Math.max(0.1, Math.min(widthFit, Math.max(wholeFit, READABLE_PX_PER_MM)) * zoom);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => {
      const top = box.getBoundingClientRect().top + window.scrollY;
      setRoom({
        width: box.clientWidth,
        height: Math.max(MIN_BOX_HEIGHT, window.innerHeight - top - 16),
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  // The transformer follows the selection, and its node, which a changed layout may replace.
  useEffect(() => {
    const transformer = transformerRef.current;
    const stage = stageRef.current;
    if (!transformer || !stage) return;
    const shown = layout.elements.some((element) => element.id === selectedId);
    // A function, not `#id`: Konva's selectors do not take ids that start with a digit.
    const node = shown ? stage.findOne((item: Konva.Node) => item.id() === selectedId) : undefined;
    transformer.nodes(node ? [node] : []);
    transformer.getLayer()?.batchDraw();
  }, [selectedId, layout]);

  useImperativeHandle(
    ref,
    () => ({
      preview: async () => {
        const stage = stageRef.current;
        if (!stage) throw new Error('The panel is not drawn');
        const transformer = transformerRef.current;
        const nodes = transformer?.nodes() ?? [];
        transformer?.nodes([]);
        gridLayerRef.current?.hide();
        const blob = (await stage.toBlob({
          mimeType: 'image/png',
          pixelRatio: PREVIEW_PX_PER_MM / scale,
        })) as Blob;
        gridLayerRef.current?.show();
        transformer?.nodes(nodes);
        return blob;
      },
    }),
    [scale],
  );

  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    const resource = resourceById.get(event.dataTransfer.getData(MIME_RESOURCE));
    const stage = stageRef.current;
    if (!resource || !stage) return;
    stage.setPointersPositions(event.nativeEvent);
    const pointer = stage.getPointerPosition();
    if (!pointer) return;
    onDropResource(resource, { x: pointer.x / scale, y: pointer.y / scale });
  };

  return (
    <Box
      ref={boxRef}
      minWidth="0"
      maxHeight={`${room.height}px`}
      overflow="auto"
      tabIndex={0}
      aria-label={t`Panel: select an element, move it with the arrow keys`}
      data-testid="editor-canvas"
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
      borderWidth="1px"
      borderRadius="md"
      bg="bg.subtle"
    >
      <Stage
        ref={stageRef}
        width={layout.widthMm * scale}
        height={layout.heightMm * scale}
        scaleX={scale}
        scaleY={scale}
        onMouseDown={(event) => {
          if (event.target === event.target.getStage() || event.target.name() === 'panel') onSelect(null);
        }}
      >
        <Layer listening={false}>
          <Rect
            name="panel"
            x={0}
            y={0}
            width={layout.widthMm}
            height={layout.heightMm}
            fill={layout.background}
          />
        </Layer>
        <Layer ref={gridLayerRef} listening={false}>
          <GridLines layout={layout} />
        </Layer>
        <Layer>
          {layout.elements.map((element) => (
            <PanelElement
              key={element.id}
              dragLayer={dragLayerRef}
              element={element}
              url={element.kind === 'resource' ? resourceById.get(element.resourceId)?.url : undefined}
              grid={grid}
              onSelect={onSelect}
              onChange={onChange}
            />
          ))}
        </Layer>
        <Layer ref={dragLayerRef} />
        <Layer>
          <Transformer
            ref={transformerRef}
            rotationSnaps={[0, 90, 180, 270]}
            keepRatio={false}
            ignoreStroke
            boundBoxFunc={(oldBox, newBox) => (newBox.width < 4 || newBox.height < 4 ? oldBox : newBox)}
          />
        </Layer>
      </Stage>
    </Box>
  );
}
