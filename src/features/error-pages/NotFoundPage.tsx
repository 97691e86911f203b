import { Trans } from '@lingui/react/macro';
import { ErrorPageLayout } from './ErrorPageLayout';

export function NotFoundPage() {
  return (
    <ErrorPageLayout
      code="404"
      message={<Trans>Sorry, we could not find the page you are looking for.</Trans>}
    />
  );
}
