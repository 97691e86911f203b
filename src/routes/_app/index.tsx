import { createFileRoute, redirect } from '@tanstack/react-router';
import { landingPath } from '../../app/route-access';
import { sessionRole } from '../../data/session/session';

export const Route = createFileRoute('/_app/')({
  beforeLoad: () => {
    throw redirect({ to: landingPath(sessionRole()), replace: true });
  },
});
