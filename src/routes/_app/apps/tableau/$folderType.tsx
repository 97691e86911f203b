import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../../../app/route-guard';
import { NotAvailableYet } from '../../../../ui/NotAvailableYet';

export const Route = createFileRoute('/_app/apps/tableau/$folderType')({
  beforeLoad: requireAccess('admin'),
  component: TableauPage,
});

function TableauPage() {
  const { t } = useLingui();
  const { folderType } = Route.useParams();
  const titles: Record<string, string> = {
    public: t`Folders`,
    private: t`My folders`,
    templates: t`Templates`,
  };
  return <NotAvailableYet title={titles[folderType] ?? t`Tableau`} />;
}
