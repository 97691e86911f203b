import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n';
import { LiftDetailPage } from '../../../../features/lifts/LiftDetailPage';
import { LiftMaintenanceSection } from '../../../../features/maintenance/LiftMaintenanceSection';

export const Route = createFileRoute('/_app/apps/lift/lifts/$liftId/{-$deviceId}')({
  loader: loadScreenCatalog,
  component: LiftRoute,
});

function LiftRoute() {
  const { liftId } = Route.useParams();
  return (
    <LiftDetailPage
      key={liftId}
      liftId={liftId}
      maintenanceSlot={<LiftMaintenanceSection liftId={liftId} />}
    />
  );
}
