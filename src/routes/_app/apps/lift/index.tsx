import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/apps/lift/')({
  beforeLoad: () => {
    throw redirect({ to: '/apps/lift/lifts', replace: true });
  },
});
