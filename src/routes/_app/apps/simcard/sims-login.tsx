import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { safeReturnPath } from '../../../../app/route-access';
import { requireAccess } from '../../../../app/route-guard';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { SimsLoginPage } from '../../../../features/sims/SimsLoginPage';

interface SimsLoginSearch {
  /** The SIM page that sent the admin here; he goes back there after confirming. */
  redirect?: string;
}

export const Route = createFileRoute('/_app/apps/simcard/sims-login')({
  validateSearch: (search: Record<string, unknown>): SimsLoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: requireAccess('admin'),
  loader: loadScreenCatalog,
  component: SimsLoginRoute,
});

function SimsLoginRoute() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  // Back to a SIM page only; anything else lands on the list.
  const back = safeReturnPath(redirect);
  const target =
    back?.startsWith('/apps/simcard/') && !back.startsWith('/apps/simcard/sims-login')
      ? back
      : '/apps/simcard/sims';
  return <SimsLoginPage onSignedIn={() => void navigate({ href: target, replace: true })} />;
}
