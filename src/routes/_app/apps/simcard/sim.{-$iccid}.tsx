import type { ParsedLocation } from '@tanstack/react-router';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { type RouterContext, requireAccess } from '../../../../app/route-guard';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { SimCardPage } from '../../../../features/sims/SimCardPage';

export const Route = createFileRoute('/_app/apps/simcard/sim/{-$iccid}')({
  beforeLoad: (match: { location: ParsedLocation; context: RouterContext; params: { iccid?: string } }) => {
    requireAccess('admin')(match);
    // Without a card the list is where to choose one.
    if (!match.params.iccid) throw redirect({ to: '/apps/simcard/sims', replace: true });
  },
  loader: loadScreenCatalog,
  component: SimCardRoute,
});

function SimCardRoute() {
  const { iccid } = Route.useParams();
  return <SimCardPage key={iccid} iccid={iccid ?? ''} />;
}
