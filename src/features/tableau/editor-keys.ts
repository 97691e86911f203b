import type { KeyboardEvent } from 'react';
import type { TemplateEditor } from './use-template-editor';

/** Arrows nudge the selection by one grid step (ten with Shift); Delete removes it; Ctrl+Z / Ctrl+Y. */
export function onEditorKey(event: KeyboardEvent, editor: TemplateEditor): void {
  if ((event.target as HTMLElement).closest('input, textarea, select')) return;
  const { history, selected } = editor;
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
  const step = editor.grid * (event.shiftKey ? 10 : 1);
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const move = moves[event.key];
  if (move) {
    event.preventDefault();
    editor.change(selected.id, { x: selected.x + move[0], y: selected.y + move[1] });
  } else if (event.key === 'Delete' || event.key === 'Backspace') {
    event.preventDefault();
    editor.removeSelected();
  } else if (event.key === 'Escape') {
    editor.select(null);
  }
}
