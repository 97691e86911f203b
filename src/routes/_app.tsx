import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../app/route-guard';
import { AppShell } from '../app/shell/AppShell';

/** Every signed-in page, inside the shell (toolbar and navigation). */
export const Route = createFileRoute('/_app')({
  beforeLoad: requireAccess('signedIn'),
  component: AppShell,
});
