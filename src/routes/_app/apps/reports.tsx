import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../app/route-guard';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { ServiceReportsPage } from '../../../features/service-reports/ServiceReportsPage';

export const Route = createFileRoute('/_app/apps/reports')({
  beforeLoad: requireAccess('serviceWork'),
  loader: loadScreenCatalog,
  component: ServiceReportsPage,
});
