import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { ScanPage } from '../../../features/scan/ScanPage';

export const Route = createFileRoute('/_app/apps/scan')({
  loader: loadScreenCatalog,
  component: ScanPage,
});
