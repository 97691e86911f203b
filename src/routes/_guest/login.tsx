import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { HOME_PATH, safeReturnPath } from '../../app/route-access';
import { LoginPage } from '../../features/auth/LoginPage';

interface LoginSearch {
  /** The page a guest asked for; he lands there after signing in (same-origin paths only). */
  redirect?: string;
}

export const Route = createFileRoute('/_guest/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <LoginPage
      onSignedIn={() => void navigate({ href: safeReturnPath(redirect) ?? HOME_PATH, replace: true })}
    />
  );
}
