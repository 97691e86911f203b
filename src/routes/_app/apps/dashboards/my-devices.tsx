import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { MyDevicesPage } from '../../../../features/dashboard/MyDevicesPage';
import { InspectionsDueTiles } from '../../../../features/inspections/InspectionsDueTiles';

export const Route = createFileRoute('/_app/apps/dashboards/my-devices')({
  loader: loadScreenCatalog,
  component: MyDevicesRoute,
});

/** The dashboard with the inspections' tiles, which live with the inspections (features import only themselves). */
function MyDevicesRoute() {
  return <MyDevicesPage inspectionsSlot={<InspectionsDueTiles />} />;
}
