import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../app/route-guard';
import { GuestLayout } from '../app/shell/GuestLayout';

/** Pages for guests only: a signed-in user goes to `/`. */
export const Route = createFileRoute('/_guest')({
  beforeLoad: requireAccess('guest'),
  component: GuestLayout,
});
