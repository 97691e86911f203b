import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { ProjectsPage } from '../../../../features/projects/ProjectsPage';

export const Route = createFileRoute('/_app/apps/projects/projects/')({
  beforeLoad: requireAccess('customer'),
  loader: loadScreenCatalog,
  component: ProjectsPage,
});
