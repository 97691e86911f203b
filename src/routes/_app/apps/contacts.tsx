import { createFileRoute } from '@tanstack/react-router';
import { loadCatalog } from '../../../data/i18n/i18n';
import { ContactsPage } from '../../../features/contacts/ContactsPage';

export const Route = createFileRoute('/_app/apps/contacts')({
  loader: () => Promise.all([loadCatalog('people'), loadCatalog('screens')]),
  component: ContactsPage,
});
