import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { TemplateEditorPage } from '../../../../features/tableau/TemplateEditorPage';

/** The editor on a route of its own: Konva is loaded only here (route-level code splitting). */
export const Route = createFileRoute('/_app/apps/tableau/editor/$templateId')({
  beforeLoad: requireAccess('admin'),
  loader: loadScreenCatalog,
  component: EditorRoute,
});

function EditorRoute() {
  const { templateId } = Route.useParams();
  return <TemplateEditorPage templateId={templateId} />;
}
