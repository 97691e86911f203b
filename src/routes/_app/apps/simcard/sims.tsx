import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { SimsListPage } from '../../../../features/sims/SimsListPage';

export const Route = createFileRoute('/_app/apps/simcard/sims')({
  beforeLoad: requireAccess('admin'),
  loader: loadScreenCatalog,
  component: SimsListPage,
});
