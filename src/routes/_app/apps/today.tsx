import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../app/route-guard';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { TodayPage } from '../../../features/today/TodayPage';

export const Route = createFileRoute('/_app/apps/today')({
  beforeLoad: requireAccess('serviceWork'),
  loader: loadScreenCatalog,
  component: TodayPage,
});
