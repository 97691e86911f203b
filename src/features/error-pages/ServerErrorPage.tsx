import { Trans } from '@lingui/react/macro';
import { ErrorPageLayout } from './ErrorPageLayout';

/** The error-500 page; also shown when a page fails to render. */
export function ServerErrorPage() {
  return (
    <ErrorPageLayout
      code="500"
      message={<Trans>Something went wrong on our side. Please try again later.</Trans>}
    />
  );
}
