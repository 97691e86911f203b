import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { LibraryPage } from '../../../../features/tableau/LibraryPage';
import { TemplatesPage } from '../../../../features/tableau/TemplatesPage';

const FOLDER_TYPES = ['public', 'private', 'templates'] as const;
type FolderType = (typeof FOLDER_TYPES)[number];
const isFolderType = (value: string): value is FolderType =>
  (FOLDER_TYPES as readonly string[]).includes(value);

export const Route = createFileRoute('/_app/apps/tableau/$folderType')({
  beforeLoad: (context) => {
    // Another segment is no page of the tableau: the app's 404.
    if (!isFolderType(context.params.folderType)) throw notFound();
    return requireAccess('admin')(context);
  },
  loader: loadScreenCatalog,
  component: TableauPage,
});

function TableauPage() {
  const { folderType } = Route.useParams();
  if (folderType === 'templates') return <TemplatesPage />;
  return <LibraryPage scope={folderType === 'private' ? 'private' : 'public'} />;
}
