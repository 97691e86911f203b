import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/lift/lifts/')({
  component: LiftsPage,
});

function LiftsPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Lifts`} />;
}
