import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { loadScreenCatalog } from '../../../../data/i18n';
import { LibraryPage } from '../../../../features/tableau/LibraryPage';
import { TemplatesPage } from '../../../../features/tableau/TemplatesPage';
import { NotAvailableYet } from '../../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/tableau/$folderType')({
  beforeLoad: requireAccess('admin'),
  loader: loadScreenCatalog,
  component: TableauPage,
});

function TableauPage() {
  const { t } = useLingui();
  const { folderType } = Route.useParams();
  if (folderType === 'public' || folderType === 'private') return <LibraryPage scope={folderType} />;
  if (folderType === 'templates') return <TemplatesPage />;
  return <NotAvailableYet title={t`Tableau`} />;
}
