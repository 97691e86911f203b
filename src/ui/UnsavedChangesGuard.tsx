import { useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import { getDirtyFormCount } from '../data/dirty-forms';
import { ConfirmDialog } from './AppDialog';

/**
 * Asks before leaving a page while a form on it holds unsaved changes (src/data/dirty-forms.ts):
 * any navigation of the router (a link, the menu, back) to another page opens a dialog; closing
 * or reloading the tab gets the browser's own question. Mounted once, in the app's shell.
 */
export function UnsavedChangesGuard() {
  const { t } = useLingui();
  const blocker = useBlocker({
    // Another page only: a changed search (a tab, a sort) keeps the form on screen.
    shouldBlockFn: ({ current, next }) => getDirtyFormCount() > 0 && current.pathname !== next.pathname,
    enableBeforeUnload: () => getDirtyFormCount() > 0,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      title={t`Leave without saving?`}
      message={t`Your changes on this page have not been saved. If you leave now, they are lost.`}
      confirmLabel={t`Leave without saving`}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
