import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../ui/NotAvailableYet';

export const Route = createFileRoute('/_guest/reset-password/$email')({
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Reset password`} />;
}
