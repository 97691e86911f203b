import { useCallback, useEffect, useRef } from 'react';
import { createStore } from './store';

/**
 * How many open forms hold unsaved changes. The update prompt (src/app/pwa) waits for none before
 * it swaps in a new version, so a reload never throws away what someone is typing; and leaving the
 * page while any is dirty asks first (src/ui/UnsavedChangesGuard.tsx, in the app's shell): a link,
 * the menu, back and forward through the router, and closing or reloading the tab.
 */
const dirtyForms = createStore(0);
export const getDirtyFormCount = () => dirtyForms.get();
export const subscribeDirtyForms = (listener: () => void) => dirtyForms.subscribe(listener);

/**
 * Counts the calling form as dirty while `dirty` is true (and until it unmounts). The function it
 * returns releases the form at once: a form calls it when its save succeeded and before it moves
 * on, since its own state (and so `dirty`) settles only after the navigation has been asked for.
 */
export function useDirtyForm(dirty: boolean): () => void {
  const counted = useRef(false);
  const release = useCallback(() => {
    if (!counted.current) return;
    counted.current = false;
    dirtyForms.update((count) => count - 1);
  }, []);
  useEffect(() => {
    if (!dirty) return;
    counted.current = true;
    dirtyForms.update((count) => count + 1);
    return release;
  }, [dirty, release]);
  return release;
}
