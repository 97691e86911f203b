import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { AlarmsPage } from '../../../features/alarms/AlarmsPage';

interface AlarmsSearch {
  /** An alarm to acknowledge on arrival (a notification's "Acknowledge" button, sw/sw.ts). */
  acknowledge?: string;
}

export const Route = createFileRoute('/_app/apps/alarms')({
  validateSearch: (search: Record<string, unknown>): AlarmsSearch =>
    typeof search.acknowledge === 'string' ? { acknowledge: search.acknowledge } : {},
  loader: loadScreenCatalog,
  component: AlarmsRoute,
});

function AlarmsRoute() {
  const { acknowledge } = Route.useSearch();
  return <AlarmsPage acknowledge={acknowledge} />;
}
