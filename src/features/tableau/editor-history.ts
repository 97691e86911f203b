import { useCallback, useMemo, useState } from 'react';
import type { TemplateLayout } from '../../../contract/schemas/tableau';

/** How many steps undo goes back. */
const HISTORY_LIMIT = 200;

interface History {
  past: TemplateLayout[];
  present: TemplateLayout | null;
  future: TemplateLayout[];
  /** The layout as last saved (or loaded): the editor is dirty when the present is another. */
  saved: TemplateLayout | null;
}

/**
 * The editor's layout with undo and redo: every committed change (a drag ended, a resize, an
 * added or removed element, a text) is one step. Layouts are immutable values, so a step is a
 * reference, not a copy.
 */
export function useEditorHistory() {
  const [state, setState] = useState<History>({ past: [], present: null, future: [], saved: null });

  const commit = useCallback(
    (change: (current: TemplateLayout) => TemplateLayout) =>
      setState((current) => {
        if (!current.present) return current;
        const next = change(current.present);
        if (next === current.present) return current;
        return {
          ...current,
          past: [...current.past, current.present].slice(-HISTORY_LIMIT),
          present: next,
          future: [],
        };
      }),
    [],
  );
  const undo = useCallback(
    () =>
      setState((current) => {
        const previous = current.past.at(-1);
        if (!previous || !current.present) return current;
        return {
          ...current,
          past: current.past.slice(0, -1),
          present: previous,
          future: [current.present, ...current.future],
        };
      }),
    [],
  );
  const redo = useCallback(
    () =>
      setState((current) => {
        const [next, ...rest] = current.future;
        if (!next || !current.present) return current;
        return { ...current, past: [...current.past, current.present], present: next, future: rest };
      }),
    [],
  );
  const reset = useCallback(
    (layout: TemplateLayout) => setState({ past: [], present: layout, future: [], saved: layout }),
    [],
  );
  const markSaved = useCallback(() => setState((current) => ({ ...current, saved: current.present })), []);

  return useMemo(
    () => ({
      present: state.present,
      canUndo: state.past.length > 0,
      canRedo: state.future.length > 0,
      dirty: state.present !== state.saved,
      commit,
      undo,
      redo,
      reset,
      markSaved,
    }),
    [state, commit, undo, redo, reset, markSaved],
  );
}
