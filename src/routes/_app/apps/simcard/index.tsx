import type { ParsedLocation } from '@tanstack/react-router';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { type RouterContext, requireAccess } from '../../../../app/route-guard';

export const Route = createFileRoute('/_app/apps/simcard/')({
  beforeLoad: (match: { location: ParsedLocation; context: RouterContext }) => {
    requireAccess('admin')(match);
    throw redirect({ to: '/apps/simcard/sims', replace: true });
  },
});
