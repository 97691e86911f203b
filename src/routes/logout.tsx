import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../app/route-guard';
import { LogoutPage } from '../features/auth/LogoutPage';

export const Route = createFileRoute('/logout')({
  beforeLoad: requireAccess('signedIn'),
  component: LogoutPage,
});
