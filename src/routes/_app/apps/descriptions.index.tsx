import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { DescriptionsPage } from '../../../features/descriptions/DescriptionsPage';

export const Route = createFileRoute('/_app/apps/descriptions/')({
  loader: loadScreenCatalog,
  component: DescriptionsPage,
});
