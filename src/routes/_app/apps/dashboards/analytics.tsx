import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { AnalyticsPage } from '../../../../features/analytics/AnalyticsPage';

export const Route = createFileRoute('/_app/apps/dashboards/analytics')({
  loader: loadScreenCatalog,
  component: AnalyticsPage,
});
