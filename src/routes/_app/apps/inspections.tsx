import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { InspectionsPage } from '../../../features/inspections/InspectionsPage';
import {
  type InspectionsSearch,
  parseInspectionsSearch,
} from '../../../features/inspections/inspection-due-filter';

export const Route = createFileRoute('/_app/apps/inspections')({
  // Only the type here: the route tree is part of the sign-in page's first load (docs/performance.md),
  // so the search is checked in the page's own chunk below.
  validateSearch: (search: Record<string, unknown>) => search as InspectionsSearch,
  loader: loadScreenCatalog,
  component: InspectionsRoute,
});

function InspectionsRoute() {
  const search = parseInspectionsSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <InspectionsPage search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
  );
}
