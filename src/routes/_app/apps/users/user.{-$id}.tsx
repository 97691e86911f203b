import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { NotAvailableYet } from '../../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/users/user/{-$id}')({
  beforeLoad: requireAccess('admin'),
  component: CustomerPage,
});

function CustomerPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Customer`} />;
}
