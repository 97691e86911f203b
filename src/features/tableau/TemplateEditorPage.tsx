import { Badge, Box, Button, Grid, HStack, IconButton, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type Konva from 'konva';
import {
  ExternalLink,
  RectangleHorizontal,
  Redo2,
  Save,
  Trash2,
  Type,
  Undo2,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Ellipse,
  Image as KonvaImage,
  Text as KonvaText,
  Layer,
  Line,
  Rect,
  Stage,
  Transformer,
} from 'react-konva';
import { tableauApi } from '../../../contract/api/tableau';
import type {
  LayoutElement,
  Resource,
  Subfolder,
  Template,
  TemplateLayout,
} from '../../../contract/schemas/tableau';
import { call } from '../../data/http';
import { usePublicConfig } from '../../data/public-config';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { SelectInput } from '../../ui/SelectInput';
import { showToast } from '../../ui/toaster';
import { BomPanel } from './BomPanel';
import { useEditorHistory } from './editor-history';
import { PartImage, partImageSource } from './part-images';
import './tableau-messages';

/** Pixels per millimetre of the saved PNG preview. */
const PREVIEW_PX_PER_MM = 1.5;
const GRID_CHOICES = [1, 5, 10] as const;
const MIME_RESOURCE = 'application/x-tableau-resource';

const snap = (value: number, grid: number) => Math.round(value / grid) * grid;
const newId = () => crypto.randomUUID();

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
const PanelElement = memo(function PanelElement({
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

/** The library beside the panel: articles with their part images, dragged (or added) onto the panel. */
function Palette({
  articles,
  resources,
  onAdd,
}: {
  articles: Subfolder[];
  resources: Resource[];
  onAdd: (resource: Resource) => void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = articles.filter(
    (article) =>
      !needle || article.name.toLowerCase().includes(needle) || article.number.toLowerCase().includes(needle),
  );
  const byArticle = useMemo(() => {
    const map = new Map<string, Resource[]>();
    for (const resource of resources)
      map.set(resource.subfolderId, [...(map.get(resource.subfolderId) ?? []), resource]);
    return map;
  }, [resources]);
  return (
    <Stack gap="2" as="section" aria-label={t`Library`}>
      <Input
        size="sm"
        type="search"
        placeholder={t`Search names and article numbers`}
        aria-label={t`Search names and article numbers`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Stack gap="2" maxHeight={{ base: '240px', lg: '70vh' }} overflowY="auto" as="ul" listStyleType="none">
        {shown.map((article) =>
          (byArticle.get(article.id) ?? []).map((resource) => (
            <HStack
              as="li"
              key={resource.id}
              gap="2"
              borderWidth="1px"
              borderRadius="md"
              padding="1"
              draggable
              data-testid="palette-item"
              onDragStart={(event) => {
                event.dataTransfer.setData(MIME_RESOURCE, resource.id);
                event.dataTransfer.effectAllowed = 'copy';
              }}
            >
              <PartImage url={resource.thumbnailUrl} alt="" width="40px" height="40px" objectFit="contain" />
              <Stack gap="0" flex="1" minWidth="0">
                <Text fontSize="xs" fontWeight="medium" truncate>
                  {article.name}
                </Text>
                <Text fontSize="2xs" color="fg.muted" fontFamily="mono">
                  {article.number}
                </Text>
              </Stack>
              <Button
                size="2xs"
                variant="outline"
                onClick={() => onAdd(resource)}
                aria-label={t`Add ${article.name}`}
              >
                <Trans>Add</Trans>
              </Button>
            </HStack>
          )),
        )}
      </Stack>
    </Stack>
  );
}

/** `/apps/tableau/editor/$templateId`: the panel drawn to scale with Konva; saves the layout and a PNG preview. */
export function TemplateEditorPage({ templateId }: { templateId: string }) {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const [template, setTemplate] = useState<Template | null>(null);
  const [resources, setResources] = useState<Resource[]>([]);
  const [articles, setArticles] = useState<Subfolder[]>([]);
  const history = useEditorHistory();
  const layout = history.present;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [grid, setGrid] = useState<number>(1);
  const [zoom, setZoom] = useState(1);
  const [saving, setSaving] = useState(false);
  const [bomVersion, setBomVersion] = useState(0);
  const [boxWidth, setBoxWidth] = useState(600);
  const stageRef = useRef<Konva.Stage>(null);
  const transformerRef = useRef<Konva.Transformer>(null);
  const gridLayerRef = useRef<Konva.Layer>(null);
  const dragLayerRef = useRef<Konva.Layer>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  const { reset } = history;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per template
  useEffect(() => {
    Promise.all([
      call(tableauApi.template, { params: { id: templateId } }),
      call(tableauApi.resources),
      call(tableauApi.subfolders, { query: {} }),
    ])
      .then(([loaded, images, items]) => {
        setTemplate(loaded);
        reset(loaded.data);
        setResources(images.resources);
        setArticles(items.subfolders);
      })
      .catch((error: unknown) => reportSaveError(error, i18n));
  }, [templateId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the box exists once the template is shown
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width ?? 600));
    observer.observe(box);
    return () => observer.disconnect();
  }, [template]);

  const resourceById = useMemo(
    () => new Map(resources.map((resource) => [resource.id, resource])),
    [resources],
  );
  const scale = layout
    ? Math.max(0.1, Math.min(boxWidth / layout.widthMm, (window.innerHeight * 0.75) / layout.heightMm) * zoom)
    : 1;

  // The transformer follows the selection (and its node, which a changed layout may replace).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `layout` re-attaches after a change
  useEffect(() => {
    const transformer = transformerRef.current;
    const stage = stageRef.current;
    if (!transformer || !stage) return;
    // A function, not `#id`: Konva's selectors do not take ids that start with a digit.
    const node = selectedId ? stage.findOne((item: Konva.Node) => item.id() === selectedId) : undefined;
    transformer.nodes(node ? [node] : []);
    transformer.getLayer()?.batchDraw();
  }, [selectedId, layout]);

  const { commit } = history;
  const change = useCallback(
    (id: string, patch: Partial<LayoutElement>) =>
      commit((current) => ({
        ...current,
        elements: current.elements.map((element) =>
          element.id === id ? ({ ...element, ...patch } as LayoutElement) : element,
        ),
      })),
    [commit],
  );

  const addElement = (element: LayoutElement) => {
    history.commit((current) => ({ ...current, elements: [...current.elements, element] }));
    setSelectedId(element.id);
  };

  const addResource = (resource: Resource, at?: { x: number; y: number }) => {
    if (!layout) return;
    const x = snap(at ? at.x - resource.widthMm / 2 : (layout.widthMm - resource.widthMm) / 2, grid);
    const y = snap(at ? at.y - resource.heightMm / 2 : (layout.heightMm - resource.heightMm) / 2, grid);
    addElement({
      id: newId(),
      kind: 'resource',
      resourceId: resource.id,
      subfolderId: resource.subfolderId,
      x,
      y,
      width: resource.widthMm,
      height: resource.heightMm,
      rotation: 0,
    });
  };

  const addText = () =>
    layout &&
    addElement({
      id: newId(),
      kind: 'text',
      text: t`Engraving`,
      fontSizeMm: 8,
      fill: '#202124',
      subfolderId: null,
      x: snap(layout.widthMm / 2 - 40, grid),
      y: snap(layout.heightMm / 2 - 6, grid),
      width: 80,
      height: 12,
      rotation: 0,
    });

  const addShape = () =>
    layout &&
    addElement({
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
    });

  const removeSelected = () => {
    if (!selectedId) return;
    history.commit((current) => ({
      ...current,
      elements: current.elements.filter((element) => element.id !== selectedId),
    }));
    setSelectedId(null);
  };

  const selected = layout?.elements.find((element) => element.id === selectedId) ?? null;

  /** Arrows nudge the selection by one grid step (ten with Shift); Delete removes it; Ctrl+Z / Ctrl+Y. */
  const onKeyDown = (event: React.KeyboardEvent) => {
    if ((event.target as HTMLElement).closest('input, textarea, select')) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      if (event.shiftKey) history.redo();
      else history.undo();
      return;
    }
    if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      history.redo();
      return;
    }
    if (!selected) return;
    const step = grid * (event.shiftKey ? 10 : 1);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      change(selected.id, { x: selected.x + move[0], y: selected.y + move[1] });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      removeSelected();
    } else if (event.key === 'Escape') {
      setSelectedId(null);
    }
  };

  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    const id = event.dataTransfer.getData(MIME_RESOURCE);
    const resource = resourceById.get(id);
    const stage = stageRef.current;
    if (!resource || !stage) return;
    stage.setPointersPositions(event.nativeEvent);
    const pointer = stage.getPointerPosition();
    if (!pointer) return;
    addResource(resource, { x: pointer.x / scale, y: pointer.y / scale });
  };

  async function save() {
    const stage = stageRef.current;
    if (!template || !layout || !stage) return;
    setSaving(true);
    try {
      const saved = await call(tableauApi.updateTemplate, {
        params: { id: template.id },
        body: { name: template.name, description: template.description, type: template.type, data: layout },
      });
      // The preview: the panel alone, without the grid and the selection handles.
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
      const form = new FormData();
      form.set('file', blob, 'preview.png');
      await call(tableauApi.templatePreview, { params: { id: template.id }, body: form });
      setTemplate(saved);
      history.markSaved();
      setBomVersion((n) => n + 1);
      showToast('success', t`Template saved`);
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setSaving(false);
    }
  }

  if (!template || !layout) return <Loading />;
  const designEditorUrl = config?.designEditorUrl;

  return (
    <Box onKeyDown={onKeyDown}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <PageTitle title={template.name} />
        <HStack gap="2">
          <Badge>{template.type}</Badge>
          <Text fontSize="sm" color="fg.muted">
            {layout.widthMm} × {layout.heightMm} mm
          </Text>
        </HStack>
      </HStack>
      <HStack gap="1" wrap="wrap" marginBottom="3" role="toolbar" aria-label={t`Editor tools`}>
        <Button
          size="sm"
          onClick={() => void save()}
          loading={saving}
          disabled={!history.dirty && template.previewUrl !== null}
        >
          <Save /> <Trans>Save</Trans>
        </Button>
        <IconButton
          size="sm"
          variant="outline"
          aria-label={t`Undo`}
          onClick={history.undo}
          disabled={!history.canUndo}
        >
          <Undo2 />
        </IconButton>
        <IconButton
          size="sm"
          variant="outline"
          aria-label={t`Redo`}
          onClick={history.redo}
          disabled={!history.canRedo}
        >
          <Redo2 />
        </IconButton>
        <Button size="sm" variant="outline" onClick={addText}>
          <Type /> <Trans>Text</Trans>
        </Button>
        <Button size="sm" variant="outline" onClick={addShape}>
          <RectangleHorizontal /> <Trans>Shape</Trans>
        </Button>
        <IconButton
          size="sm"
          variant="outline"
          colorPalette="red"
          aria-label={t`Delete element`}
          onClick={removeSelected}
          disabled={!selected}
        >
          <Trash2 />
        </IconButton>
        <IconButton
          size="sm"
          variant="outline"
          aria-label={t`Zoom out`}
          onClick={() => setZoom((z) => Math.max(0.25, z / 1.25))}
        >
          <ZoomOut />
        </IconButton>
        <IconButton
          size="sm"
          variant="outline"
          aria-label={t`Zoom in`}
          onClick={() => setZoom((z) => Math.min(8, z * 1.25))}
        >
          <ZoomIn />
        </IconButton>
        <Box width="130px">
          <SelectInput
            aria-label={t`Grid`}
            value={String(grid)}
            onChange={(event) => setGrid(Number(event.target.value))}
            options={GRID_CHOICES.map((value) => ({ value: String(value), label: t`Grid ${value} mm` }))}
          />
        </Box>
        <Link asChild fontSize="sm" colorPalette="blue">
          <RouterLink to="/apps/tableau/$folderType" params={{ folderType: 'templates' }}>
            <Trans>All templates</Trans>
          </RouterLink>
        </Link>
        {designEditorUrl && (
          <Link
            href={designEditorUrl}
            target="_blank"
            rel="noopener noreferrer"
            fontSize="sm"
            colorPalette="blue"
          >
            <Trans>External editor</Trans> <ExternalLink size="14" />
          </Link>
        )}
      </HStack>

      <Grid templateColumns={{ base: '1fr', lg: '240px 1fr 280px' }} gap="4">
        <Palette articles={articles} resources={resources} onAdd={(resource) => addResource(resource)} />
        <Box
          ref={boxRef}
          minWidth="0"
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
              if (event.target === event.target.getStage() || event.target.name() === 'panel')
                setSelectedId(null);
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
                  onSelect={setSelectedId}
                  onChange={change}
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
        <Stack gap="4">
          {selected && (
            <Stack
              gap="2"
              as="section"
              aria-label={t`Selected element`}
              borderWidth="1px"
              borderRadius="md"
              padding="3"
            >
              <Text fontWeight="semibold" fontSize="sm">
                <Trans>Selected element</Trans>
              </Text>
              <Text fontSize="xs" color="fg.muted" data-testid="selected-geometry">
                x {selected.x} · y {selected.y} · {selected.width} × {selected.height} mm ·{' '}
                {selected.rotation}°
              </Text>
              {selected.kind === 'text' && (
                <>
                  <FormField id="element-text" label={t`Engraving text`}>
                    <Input
                      key={`${selected.id}-text`}
                      defaultValue={selected.text}
                      maxLength={200}
                      onBlur={(event) => change(selected.id, { text: event.target.value })}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') change(selected.id, { text: event.currentTarget.value });
                      }}
                    />
                  </FormField>
                  <FormField id="element-font" label={t`Letter height (mm)`}>
                    <Input
                      key={`${selected.id}-font`}
                      type="number"
                      min={1}
                      max={200}
                      defaultValue={selected.fontSizeMm}
                      onBlur={(event) => {
                        const value = Number(event.target.value);
                        if (value >= 1 && value <= 200) change(selected.id, { fontSizeMm: value });
                      }}
                    />
                  </FormField>
                </>
              )}
            </Stack>
          )}
          <BomPanel templateId={template.id} version={bomVersion} dirty={history.dirty} />
        </Stack>
      </Grid>
    </Box>
  );
}
