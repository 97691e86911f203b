import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { LiftAlarms } from '../../../../features/alarms/LiftAlarms';
import { LiftEarlyWarnings } from '../../../../features/early-warnings/LiftEarlyWarnings';
import { useLiftInspections } from '../../../../features/inspections/LiftInspectionsSection';
import { LiftDetailPage } from '../../../../features/lifts/LiftDetailPage';
import { useLiftMaintenance } from '../../../../features/maintenance/LiftMaintenanceSection';

export const Route = createFileRoute('/_app/apps/lift/lifts/$liftId/{-$deviceId}')({
  loader: loadScreenCatalog,
  component: LiftRoute,
});

function LiftRoute() {
  const { liftId } = Route.useParams();
  return <LiftPage key={liftId} liftId={liftId} />;
}

/** The lift page with its alarms, early warnings, maintenance and inspections sections, the latter two's state kept per lift. */
function LiftPage({ liftId }: { liftId: string }) {
  const maintenance = useLiftMaintenance(liftId);
  const inspections = useLiftInspections(liftId);
  return (
    <>
      <LiftDetailPage
        liftId={liftId}
        alarmsSlot={<LiftAlarms liftId={liftId} />}
        warningsSlot={<LiftEarlyWarnings liftId={liftId} />}
        maintenanceSlot={maintenance.section}
        inspectionsSlot={inspections.section}
      />
      {maintenance.dialog}
      {inspections.dialog}
    </>
  );
}
