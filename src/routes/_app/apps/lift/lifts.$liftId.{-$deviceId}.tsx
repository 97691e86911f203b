import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n';
import { LiftAlarms } from '../../../../features/alarms/LiftAlarms';
import { LiftDetailPage } from '../../../../features/lifts/LiftDetailPage';

export const Route = createFileRoute('/_app/apps/lift/lifts/$liftId/{-$deviceId}')({
  loader: loadScreenCatalog,
  component: LiftRoute,
});

function LiftRoute() {
  const { liftId } = Route.useParams();
  return <LiftDetailPage key={liftId} liftId={liftId} alarmsSlot={<LiftAlarms liftId={liftId} />} />;
}
