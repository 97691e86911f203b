import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n';
import { LiftsListPage } from '../../../../features/lifts/LiftsListPage';

export const Route = createFileRoute('/_app/apps/lift/lifts/')({
  loader: loadScreenCatalog,
  component: LiftsListPage,
});
