import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/contacts')({
  component: ContactsPage,
});

function ContactsPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Contacts`} />;
}
