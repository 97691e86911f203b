import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { loadCatalog } from '../../../../data/i18n';
import { UsersListPage } from '../../../../features/users/UsersListPage';
import { NeedsConnection } from '../../../../ui/NeedsConnection';

export const Route = createFileRoute('/_app/apps/users/users')({
  beforeLoad: requireAccess('admin'),
  loader: () => loadCatalog('accounts'),
  // Works only with the server: says so while offline (the last answers may still show, from cache).
  component: () => (
    <NeedsConnection>
      <UsersListPage />
    </NeedsConnection>
  ),
});
