import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { LiftAlarms } from '../../../../features/alarms/LiftAlarms';
import { useLiftInspections } from '../../../../features/inspections/LiftInspectionsSection';
import { LiftDetailPage } from '../../../../features/lifts/LiftDetailPage';
import { LIFT_TABS, type LiftTab } from '../../../../features/lifts/lift-tabs';
import { useLiftMaintenance } from '../../../../features/maintenance/LiftMaintenanceSection';

interface LiftSearch {
  /** The tab to open (the Today page links to the overview, where alarms, maintenance and inspections are). */
  tab?: LiftTab;
}

export const Route = createFileRoute('/_app/apps/lift/lifts/$liftId/{-$deviceId}')({
  validateSearch: (search: Record<string, unknown>): LiftSearch =>
    LIFT_TABS.includes(search.tab as LiftTab) ? { tab: search.tab as LiftTab } : {},
  loader: loadScreenCatalog,
  component: LiftRoute,
});

function LiftRoute() {
  const { liftId } = Route.useParams();
  const { tab } = Route.useSearch();
  return <LiftPage key={liftId} liftId={liftId} tab={tab} />;
}

/** The lift page with its alarms, maintenance and inspections sections, the latter two's state kept per lift. */
function LiftPage({ liftId, tab }: { liftId: string; tab: LiftTab | undefined }) {
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
