import { Box, Button, HStack, IconButton, Link } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
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
import { usePublicConfig } from '../../data/api/public-config';
import { SelectInput } from '../../ui/SelectInput';
import type { TemplateEditor } from './use-template-editor';

const GRID_CHOICES = [1, 5, 10] as const;

/** Save, undo and redo, new elements, delete, zoom, grid, and the ways out of the editor. */
export function EditorToolbar({ editor, onSave }: { editor: TemplateEditor; onSave: () => void }) {
  const { t } = useLingui();
  const config = usePublicConfig();
  const { history } = editor;
  const designEditorUrl = config?.designEditorUrl;
  return (
    <HStack gap="1" wrap="wrap" marginBottom="3" role="toolbar" aria-label={t`Editor tools`}>
      <Button
        size="sm"
        onClick={onSave}
        loading={editor.saving}
        disabled={!history.dirty && editor.template?.previewUrl !== null}
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
      <Button size="sm" variant="outline" onClick={editor.addText}>
        <Type /> <Trans>Text</Trans>
      </Button>
      <Button size="sm" variant="outline" onClick={editor.addShape}>
        <RectangleHorizontal /> <Trans>Shape</Trans>
      </Button>
      <IconButton
        size="sm"
        variant="outline"
        colorPalette="red"
        aria-label={t`Delete element`}
        onClick={editor.removeSelected}
        disabled={!editor.selected}
      >
        <Trash2 />
      </IconButton>
      <IconButton size="sm" variant="outline" aria-label={t`Zoom out`} onClick={editor.zoomOut}>
        <ZoomOut />
      </IconButton>
      <IconButton size="sm" variant="outline" aria-label={t`Zoom in`} onClick={editor.zoomIn}>
        <ZoomIn />
      </IconButton>
      <Box width="130px">
        <SelectInput
          aria-label={t`Grid`}
          value={String(editor.grid)}
          onChange={(event) => editor.setGrid(Number(event.target.value))}
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
  );
}
