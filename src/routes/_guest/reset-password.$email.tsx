import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { loadCatalog } from '../../data/i18n/i18n';
import { ResetPasswordPage } from '../../features/account/ResetPasswordPage';

/** `$email` carries the sealed reset token (spec's route name). */
export const Route = createFileRoute('/_guest/reset-password/$email')({
  loader: () => loadCatalog('accounts'),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { email: token } = Route.useParams();
  const navigate = useNavigate();
  return <ResetPasswordPage token={token} onDone={() => void navigate({ to: '/login', replace: true })} />;
}
