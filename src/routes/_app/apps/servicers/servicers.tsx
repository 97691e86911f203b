import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { NotAvailableYet } from '../../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/servicers/servicers')({
  beforeLoad: requireAccess('customer'),
  component: ServicemanPage,
});

function ServicemanPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Serviceman`} />;
}
