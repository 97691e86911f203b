import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { NotAvailableYet } from '../../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/simcard/sims-login')({
  beforeLoad: requireAccess('admin'),
  component: SimProviderSignInPage,
});

function SimProviderSignInPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`SIM provider sign-in`} />;
}
