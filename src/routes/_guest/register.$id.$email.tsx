import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../ui/NotAvailableYet';

export const Route = createFileRoute('/_guest/register/$id/$email')({
  component: RegisterPage,
});

function RegisterPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Register`} />;
}
