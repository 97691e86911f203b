import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../ui/NotAvailableYet';

export const Route = createFileRoute('/_guest/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Forgot password`} />;
}
