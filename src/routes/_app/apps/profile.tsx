import { createFileRoute } from '@tanstack/react-router';
import { loadCatalog } from '../../../data/i18n/i18n';
import { ProfilePage } from '../../../features/profile/ProfilePage';

export const Route = createFileRoute('/_app/apps/profile')({
  loader: () => Promise.all([loadCatalog('accounts'), loadCatalog('screens')]),
  component: ProfilePage,
});
