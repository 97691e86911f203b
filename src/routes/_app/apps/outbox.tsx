import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../app/route-guard';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { OutboxPage } from '../../../features/outbox/OutboxPage';

export const Route = createFileRoute('/_app/apps/outbox')({
  beforeLoad: requireAccess('admin'),
  loader: loadScreenCatalog,
  component: OutboxPage,
});
