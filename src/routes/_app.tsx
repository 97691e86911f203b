import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../app/route-guard';
import { AppShell } from '../app/shell/AppShell';
import { loadCatalog } from '../data/i18n/i18n';

/** Every signed-in page, inside the shell (toolbar and navigation). */
export const Route = createFileRoute('/_app')({
  beforeLoad: requireAccess('signedIn'),
  // The menu's and toolbar's texts (lingui.config.ts `shell`), off the sign-in page's first load.
  loader: () => loadCatalog('shell'),
  component: AppShell,
});
