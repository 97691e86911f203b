import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '../../contract/constants';

export type ToastKind = 'success' | 'warning' | 'error' | 'info';

// The toast machinery loads with the first message, keeping it off the sign-in page's first load.
const loadToastView = () => import('./ToastView');
const LazyToastView = lazy(() => loadToastView().then((module) => ({ default: module.ToastView })));

let requested = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isRequested = () => requested;

/**
 * Shows an already translated text in the message bar. The text may still be on its way (its
 * translations loading): the toast machinery loads meanwhile, not after it.
 */
export function showToast(kind: ToastKind, title: string | Promise<string>, description?: string): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([loadToastView(), title]).then(([{ toaster }, text]) =>
    toaster.create({ type: kind, title: text, description, duration: TOAST_DURATION_MS, closable: true }),
  );
}

/** Where toasts appear; renders nothing until the first one. */
export function Toaster() {
  const shown = useSyncExternalStore(subscribe, isRequested, isRequested);
  return shown ? (
    <Suspense fallback={null}>
      <LazyToastView />
    </Suspense>
  ) : null;
}
