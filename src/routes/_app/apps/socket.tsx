import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../app/route-guard';
import { NotAvailableYet } from '../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/socket')({
  beforeLoad: requireAccess('dev'),
  component: Esp32CloudPage,
});

function Esp32CloudPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`ESP32-Cloud`} />;
}
