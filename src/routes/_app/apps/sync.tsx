import { createFileRoute } from '@tanstack/react-router';
import { loadCatalog } from '../../../data/i18n/i18n';
import { SyncPage } from '../../../features/offline/SyncPage';

export const Route = createFileRoute('/_app/apps/sync')({
  loader: () => loadCatalog('offline'),
  component: SyncPage,
});
