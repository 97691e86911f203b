import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { HOME_PATH } from '../../app/route-access';
import { loadCatalog } from '../../data/i18n/i18n';
import { RegisterPage } from '../../features/account/RegisterPage';

export const Route = createFileRoute('/_guest/register/$id/$email')({
  loader: () => loadCatalog('accounts'),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { id, email } = Route.useParams();
  const navigate = useNavigate();
  return (
    <RegisterPage
      sealedId={id}
      sealedEmail={email}
      onRegistered={() => void navigate({ href: HOME_PATH, replace: true })}
    />
  );
}
