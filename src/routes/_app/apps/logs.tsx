import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../app/route-guard';
import { loadScreenCatalog } from '../../../data/i18n';
import { LogsPage } from '../../../features/logs/LogsPage';

export const Route = createFileRoute('/_app/apps/logs')({
  loader: loadScreenCatalog,
  beforeLoad: requireAccess('dev'),
  component: LogsPage,
});
