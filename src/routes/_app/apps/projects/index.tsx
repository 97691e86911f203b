import type { ParsedLocation } from '@tanstack/react-router';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { type RouterContext, requireAccess } from '../../../../app/route-guard';

export const Route = createFileRoute('/_app/apps/projects/')({
  beforeLoad: (match: { location: ParsedLocation; context: RouterContext }) => {
    requireAccess('customer')(match);
    throw redirect({ to: '/apps/projects/projects', replace: true });
  },
});
