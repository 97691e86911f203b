import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../ui/NotAvailableYet';

export const Route = createFileRoute('/_guest/mail-confirm/$email')({
  component: ConfirmYourEmailPage,
});

function ConfirmYourEmailPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Confirm your email`} />;
}
