import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../app/route-guard';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { SettingsPage } from '../../../features/settings/SettingsPage';

export const Route = createFileRoute('/_app/apps/json')({
  beforeLoad: requireAccess('admin'),
  loader: loadScreenCatalog,
  component: SettingsPage,
});
