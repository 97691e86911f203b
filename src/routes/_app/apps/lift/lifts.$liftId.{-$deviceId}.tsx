import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/lift/lifts/$liftId/{-$deviceId}')({
  component: LiftPage,
});

function LiftPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Lift`} />;
}
