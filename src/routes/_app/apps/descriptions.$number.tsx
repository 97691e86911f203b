import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { DescriptionDetailPage } from '../../../features/descriptions/DescriptionDetailPage';

export const Route = createFileRoute('/_app/apps/descriptions/$number')({
  loader: loadScreenCatalog,
  component: DescriptionRoute,
});

function DescriptionRoute() {
  const { number } = Route.useParams();
  return <DescriptionDetailPage number={number} />;
}
