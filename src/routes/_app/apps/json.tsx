import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../app/route-guard';
import { NotAvailableYet } from '../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/json')({
  beforeLoad: requireAccess('admin'),
  component: JsonPage,
});

function JsonPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`JSON`} />;
}
