import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { loadCatalog } from '../../../../data/i18n/i18n';
import { UserEditPage } from '../../../../features/users/UserEditPage';
import { SERVICEMEN_SCREEN } from '../../../../features/users/user-screens';

export const Route = createFileRoute('/_app/apps/servicemen/serviceman/{-$id}')({
  beforeLoad: requireAccess('customer'),
  loader: () => Promise.all([loadCatalog('accounts'), loadCatalog('screens')]),
  component: EditRoute,
});

function EditRoute() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  return (
    <UserEditPage
      key={id ?? 'new'}
      screen={SERVICEMEN_SCREEN}
      id={id}
      onDone={() => void navigate({ to: SERVICEMEN_SCREEN.listPath })}
    />
  );
}
