import { Badge, Box, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { BomPanel } from './BomPanel';
import { EditorPalette } from './EditorPalette';
import { EditorToolbar } from './EditorToolbar';
import { onEditorKey } from './editor-keys';
import { PanelCanvas, type PanelCanvasHandle } from './PanelCanvas';
import { SelectedElementPanel } from './SelectedElementPanel';
import { useTemplateEditor } from './use-template-editor';

/** `/apps/tableau/editor/$templateId`: the panel drawn to scale with Konva; saves the layout and a PNG preview. */
export function TemplateEditorPage({ templateId }: { templateId: string }) {
  const editor = useTemplateEditor(templateId);
  const canvas = useRef<PanelCanvasHandle>(null);
  const { template, layout, selected } = editor;

  if (editor.failure) return <LoadFailure error={editor.failure} />;
  if (!template || !layout) return <Loading />;

  return (
    <Box onKeyDown={(event) => onEditorKey(event, editor)}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <PageTitle title={template.name} />
        <HStack gap="2">
          <Badge>{template.type}</Badge>
          <Text fontSize="sm" color="fg.muted">
            {layout.widthMm} × {layout.heightMm} mm
          </Text>
        </HStack>
      </HStack>
      <EditorToolbar
        editor={editor}
        onSave={() => {
          const panel = canvas.current;
          if (panel) void editor.save(panel.preview);
        }}
      />

      <Grid templateColumns={{ base: '1fr', lg: '240px 1fr 280px' }} gap="4">
        <EditorPalette
          articles={editor.articles}
          resources={editor.resources}
          onAdd={(resource) => editor.addResource(resource)}
        />
        <PanelCanvas
          ref={canvas}
          layout={layout}
          grid={editor.grid}
          zoom={editor.zoom}
          resourceById={editor.resourceById}
          selectedId={editor.selectedId}
          onSelect={editor.select}
          onChange={editor.change}
          onDropResource={editor.addResource}
        />
        <Stack gap="4">
          {selected && <SelectedElementPanel selected={selected} onChange={editor.change} />}
          <BomPanel templateId={template.id} bom={editor.bom.data} dirty={editor.history.dirty} />
        </Stack>
      </Grid>
    </Box>
  );
}
