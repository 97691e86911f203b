import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../app/route-guard';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { BaseDataPage } from '../../../features/base/BaseDataPage';

export const Route = createFileRoute('/_app/apps/base')({
  beforeLoad: requireAccess('admin'),
  loader: loadScreenCatalog,
  component: BaseDataPage,
});
