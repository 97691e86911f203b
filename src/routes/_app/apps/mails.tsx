import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../app/route-guard';
import { loadCatalog } from '../../../data/i18n/i18n';
import { MailOutboxPage } from '../../../features/mail-outbox/MailOutboxPage';

export const Route = createFileRoute('/_app/apps/mails')({
  beforeLoad: requireAccess('dev'),
  loader: () => Promise.all([loadCatalog('accounts'), loadCatalog('screens')]),
  component: MailOutboxPage,
});
