import { useCallback, useMemo, useState } from 'react';
import type { TemplateLayout } from '../../../contract/schemas/tableau';

/** How many steps undo goes back. */
export const HISTORY_LIMIT = 200;

export interface History {
  past: TemplateLayout[];
  present: TemplateLayout | null;
  future: TemplateLayout[];
  /** The layout as last saved (or loaded): the editor is dirty when the present is another. */
  saved: TemplateLayout | null;
}

export const emptyHistory: History = { past: [], present: null, future: [], saved: null };

/** A loaded layout: no steps, and saved as it is. */
export const loadedHistory = (layout: TemplateLayout): History => ({
  past: [],
  present: layout,
  future: [],
  saved: layout,
});

/** One committed change; a change that answers the same layout is no step. Clears the redo steps. */
export function commitStep(history: History, change: (current: TemplateLayout) => TemplateLayout): History {
  if (!history.present) return history;
  const next = change(history.present);
  if (next === history.present) return history;
  return {
    ...history,
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
  };
}

export function undoStep(history: History): History {
  const previous = history.past.at(-1);
  if (!previous || !history.present) return history;
  return {
    ...history,
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redoStep(history: History): History {
  const [next, ...rest] = history.future;
  if (!next || !history.present) return history;
  return { ...history, past: [...history.past, history.present], present: next, future: rest };
}

/** `layout` (the present unless said) is saved: a save marks what it sent, not what came after it. */
export const savedStep = (history: History, layout: TemplateLayout | null = history.present): History => ({
  ...history,
  saved: layout,
});

/** Unsaved: the present is another layout than the saved one (undoing back to it is clean again). */
export const isDirty = (history: History): boolean => history.present !== history.saved;

/**
 * The editor's layout with undo and redo: every committed change (a drag ended, a resize, an
 * added or removed element, a text) is one step. Layouts are immutable values, so a step is a
 * reference, not a copy.
 */
export function useEditorHistory() {
  const [state, setState] = useState<History>(emptyHistory);

  const commit = useCallback(
    (change: (current: TemplateLayout) => TemplateLayout) =>
      setState((current) => commitStep(current, change)),
    [],
  );
  const undo = useCallback(() => setState(undoStep), []);
  const redo = useCallback(() => setState(redoStep), []);
  const reset = useCallback((layout: TemplateLayout) => setState(loadedHistory(layout)), []);
  const markSaved = useCallback(
    (layout: TemplateLayout) => setState((current) => savedStep(current, layout)),
    [],
  );

  return useMemo(
    () => ({
      present: state.present,
      canUndo: state.past.length > 0,
      canRedo: state.future.length > 0,
      dirty: isDirty(state),
      commit,
      undo,
      redo,
      reset,
      markSaved,
    }),
    [state, commit, undo, redo, reset, markSaved],
  );
}
