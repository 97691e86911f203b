import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any unknown path (docs/spec-texts.md#menu-and-screens). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/errors/error-404', replace: true });
  },
});
