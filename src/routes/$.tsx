import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any unknown path (spec §2). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/errors/error-404', replace: true });
  },
});
