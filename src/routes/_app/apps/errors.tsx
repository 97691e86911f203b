import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/errors')({
  component: ErrorsPage,
});

function ErrorsPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Errors`} />;
}
