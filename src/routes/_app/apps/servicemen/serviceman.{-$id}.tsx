import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { NotAvailableYet } from '../../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/servicemen/serviceman/{-$id}')({
  beforeLoad: requireAccess('customer'),
  component: ServiceManPage,
});

function ServiceManPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Service man`} />;
}
