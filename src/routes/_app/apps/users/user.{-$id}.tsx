import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { loadCatalog } from '../../../../data/i18n/i18n';
import { UserEditPage } from '../../../../features/users/UserEditPage';
import { CUSTOMERS_SCREEN } from '../../../../features/users/user-screens';

export const Route = createFileRoute('/_app/apps/users/user/{-$id}')({
  beforeLoad: requireAccess('admin'),
  loader: () => Promise.all([loadCatalog('accounts'), loadCatalog('screens')]),
  component: EditRoute,
});

function EditRoute() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  return (
    <UserEditPage
      key={id ?? 'new'}
      screen={CUSTOMERS_SCREEN}
      id={id}
      onDone={() => void navigate({ to: CUSTOMERS_SCREEN.listPath })}
    />
  );
}
