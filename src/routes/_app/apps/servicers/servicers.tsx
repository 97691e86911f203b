import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { loadCatalog } from '../../../../data/i18n/i18n';
import { UsersListPage } from '../../../../features/users/UsersListPage';
import { SERVICEMEN_SCREEN } from '../../../../features/users/user-screens';

export const Route = createFileRoute('/_app/apps/servicers/servicers')({
  beforeLoad: requireAccess('customer'),
  loader: () => Promise.all([loadCatalog('accounts'), loadCatalog('screens')]),
  component: () => <UsersListPage screen={SERVICEMEN_SCREEN} />,
});
