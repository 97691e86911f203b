import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../app/route-guard';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { LogsPage } from '../../../features/logs/LogsPage';
import { NeedsConnection } from '../../../ui/NeedsConnection';

export const Route = createFileRoute('/_app/apps/logs')({
  loader: loadScreenCatalog,
  beforeLoad: requireAccess('dev'),
  // Works only with the server: says so while offline (the last answers may still show, from cache).
  component: () => (
    <NeedsConnection>
      <LogsPage />
    </NeedsConnection>
  ),
});
