import { createFileRoute } from '@tanstack/react-router';
import { loadCatalog } from '../../../data/i18n/i18n';
import { SyncPage } from '../../../features/offline/SyncPage';

export const Route = createFileRoute('/_app/apps/sync')({
  // The photos' thumbnails (src/ui/Photos.tsx) speak in the screens' texts.
  loader: () => Promise.all([loadCatalog('offline'), loadCatalog('screens')]),
  component: SyncPage,
});
