import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { NotAvailableYet } from '../../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/projects/projects/$projectId/{-$userId}')({
  beforeLoad: requireAccess('customer'),
  component: ProjectPage,
});

function ProjectPage() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Project`} />;
}
