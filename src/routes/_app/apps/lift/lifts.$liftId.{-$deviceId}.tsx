import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { LiftAlarms } from '../../../../features/alarms/LiftAlarms';
import { useLiftInspections } from '../../../../features/inspections/LiftInspectionsSection';
import { LiftDetailPage, TABS, type Tab } from '../../../../features/lifts/LiftDetailPage';
import { useLiftMaintenance } from '../../../../features/maintenance/LiftMaintenanceSection';

interface LiftSearch {
  /** The tab to open (the Today page links to the overview, where alarms, maintenance and inspections are). */
  tab?: Tab;
}

export const Route = createFileRoute('/_app/apps/lift/lifts/$liftId/{-$deviceId}')({
  validateSearch: (search: Record<string, unknown>): LiftSearch =>
    TABS.includes(search.tab as Tab) ? { tab: search.tab as Tab } : {},
  loader: loadScreenCatalog,
  component: LiftRoute,
});

function LiftRoute() {
  const { liftId } = Route.useParams();
  const { tab } = Route.useSearch();
  return <LiftPage key={liftId} liftId={liftId} tab={tab} />;
}

/** The lift page with its alarms, maintenance and inspections sections, the latter two's state kept per lift. */
function LiftPage({ liftId, tab }: { liftId: string; tab: Tab | undefined }) {
  const maintenance = useLiftMaintenance(liftId);
  const inspections = useLiftInspections(liftId);
  return (
    <>
      <LiftDetailPage
        liftId={liftId}
        alarmsSlot={<LiftAlarms liftId={liftId} />}
        maintenanceSlot={maintenance.section}
        inspectionsSlot={inspections.section}
        initialTab={tab}
      />
      {maintenance.dialog}
      {inspections.dialog}
    </>
  );
}
