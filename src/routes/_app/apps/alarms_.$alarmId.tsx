import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../data/i18n/i18n';
import { AlarmDetailPage } from '../../../features/alarms/AlarmDetailPage';
import { AlarmDeliveries } from '../../../features/outbox/AlarmDeliveries';
import { AlarmServiceReports } from '../../../features/service-reports/AlarmServiceReports';

// `alarms_`: beside the list's route, not inside it, so the list's file and address stay as they are.
export const Route = createFileRoute('/_app/apps/alarms_/$alarmId')({
  loader: loadScreenCatalog,
  component: AlarmRoute,
});

function AlarmRoute() {
  const { alarmId } = Route.useParams();
  return (
    <AlarmDetailPage
      alarmId={alarmId}
      deliveriesSlot={<AlarmDeliveries alarmId={alarmId} />}
      reportSlot={({ liftId, label }) => (
        <AlarmServiceReports alarmId={alarmId} liftId={liftId} label={label} />
      )}
    />
  );
}
