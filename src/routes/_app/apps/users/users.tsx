import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { loadCatalog } from '../../../../data/i18n';
import { UsersListPage } from '../../../../features/users/UsersListPage';

export const Route = createFileRoute('/_app/apps/users/users')({
  beforeLoad: requireAccess('admin'),
  loader: () => loadCatalog('accounts'),
  component: UsersListPage,
});
