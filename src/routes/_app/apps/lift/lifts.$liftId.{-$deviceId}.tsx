import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n';
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

/** The lift page with its maintenance section (src/features/maintenance/), state kept per lift. */
function LiftPage({ liftId }: { liftId: string }) {
  const maintenance = useLiftMaintenance(liftId);
  return (
    <>
      <LiftDetailPage liftId={liftId} maintenanceSlot={maintenance.section} />
      {maintenance.dialog}
    </>
  );
}
