import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { ProjectPage } from '../../../../features/projects/ProjectPage';

export const Route = createFileRoute('/_app/apps/projects/projects/$projectId/{-$userId}')({
  beforeLoad: requireAccess('customer'),
  loader: loadScreenCatalog,
  component: ProjectRoute,
});

function ProjectRoute() {
  const { projectId } = Route.useParams();
  return <ProjectPage key={projectId} projectId={projectId} />;
}
