import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { LiftAlarms } from '../../../../features/alarms/LiftAlarms';
import { LiftLineTest } from '../../../../features/alarms/LiftLineTest';
import { LiftEarlyWarnings } from '../../../../features/early-warnings/LiftEarlyWarnings';
import { useLiftInspections } from '../../../../features/inspections/LiftInspectionsSection';
import { LiftDetailPage } from '../../../../features/lifts/LiftDetailPage';
import { useLiftMaintenance } from '../../../../features/maintenance/LiftMaintenanceSection';
import { useLiftServiceReports } from '../../../../features/service-reports/LiftServiceReportsSection';

export const Route = createFileRoute('/_app/apps/lift/lifts/$liftId/{-$deviceId}')({
  loader: loadScreenCatalog,
  component: LiftRoute,
});

function LiftRoute() {
  const { liftId } = Route.useParams();
  return <LiftPage key={liftId} liftId={liftId} />;
}

/**
 * The lift page with its alarms, early warnings, maintenance, service report and inspection
 * sections, their state kept per lift; a visit's "Write a service report" opens the report's dialog
 * about it.
 */
function LiftPage({ liftId }: { liftId: string }) {
  const reports = useLiftServiceReports(liftId);
  const maintenance = useLiftMaintenance(liftId, reports.write);
  const inspections = useLiftInspections(liftId);
  return (
    <>
      <LiftDetailPage
        liftId={liftId}
        alarmsSlot={<LiftAlarms liftId={liftId} />}
        lineTestSlot={<LiftLineTest liftId={liftId} />}
        warningsSlot={<LiftEarlyWarnings liftId={liftId} />}
        maintenanceSlot={maintenance.section}
        inspectionsSlot={inspections.section}
        reportsSlot={reports.section}
      />
      {maintenance.dialog}
      {reports.dialog}
      {inspections.dialog}
    </>
  );
}
