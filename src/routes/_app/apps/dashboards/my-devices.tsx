import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { MyDevicesPage } from '../../../../features/dashboard/MyDevicesPage';

export const Route = createFileRoute('/_app/apps/dashboards/my-devices')({
  loader: loadScreenCatalog,
  component: MyDevicesPage,
});
