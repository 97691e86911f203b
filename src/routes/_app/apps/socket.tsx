import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../app/route-guard';
import { loadScreenCatalog } from '../../../data/i18n';
import { DeviceConsolePage } from '../../../features/device-console/DeviceConsolePage';

export const Route = createFileRoute('/_app/apps/socket')({
  loader: loadScreenCatalog,
  beforeLoad: requireAccess('dev'),
  component: DeviceConsolePage,
});
