import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { loadCatalog } from '../../data/i18n/i18n';
import { ForgotPasswordPage } from '../../features/account/ForgotPasswordPage';

export const Route = createFileRoute('/_guest/forgot-password')({
  loader: () => loadCatalog('accounts'),
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const navigate = useNavigate();
  return (
    <ForgotPasswordPage
      onRequested={(email) => void navigate({ to: '/mail-confirm/$email', params: { email } })}
    />
  );
}
