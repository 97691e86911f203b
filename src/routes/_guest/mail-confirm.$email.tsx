import { createFileRoute } from '@tanstack/react-router';
import { loadCatalog } from '../../data/i18n/i18n';
import { MailConfirmPage } from '../../features/account/MailConfirmPage';

export const Route = createFileRoute('/_guest/mail-confirm/$email')({
  loader: () => loadCatalog('accounts'),
  component: MailConfirmRoute,
});

function MailConfirmRoute() {
  const { email } = Route.useParams();
  return <MailConfirmPage email={email} />;
}
