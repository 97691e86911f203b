import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { ErrorsPage } from '../../../features/errors/ErrorsPage';

export const Route = createFileRoute('/_app/apps/errors')({
  loader: loadScreenCatalog,
  component: ErrorsPage,
});
