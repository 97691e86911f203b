import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { InspectionsPage } from '../../../features/inspections/InspectionsPage';
import { parseInspectionsSearch } from '../../../features/inspections/inspection-due-filter';

export const Route = createFileRoute('/_app/apps/inspections')({
  validateSearch: parseInspectionsSearch,
  loader: loadScreenCatalog,
  component: InspectionsRoute,
});

function InspectionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InspectionsPage search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
  );
}
