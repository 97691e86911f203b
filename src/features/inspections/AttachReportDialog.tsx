import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { inspectionsApi } from '../../../contract/api/inspections';
import { call } from '../../data/api/http';
import { requestSync } from '../../data/mirror/sync-status';
import { FormActions } from '../../ui/ActionButtons';
import { AppDialog } from '../../ui/AppDialog';
import { reportSaveError } from '../../ui/form-errors';
import { showToast } from '../../ui/toaster';
import { type PickedReport, reportFieldError, uploadReport } from './inspection-report';
import { ReportFileField } from './ReportFile';

/**
 * Adds the body's report to an inspection recorded without one, or replaces it (admins, online).
 * The file goes among the lift's files first, then is linked; a refused file leaves the inspection
 * as it was.
 */
export function AttachReportDialog({
  inspection,
  onClose,
  onSaved,
}: {
  inspection: { id: string; liftId: string; title: string };
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const [picked, setPicked] = useState<PickedReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!picked) {
      setError(t`Choose the report file`);
      return;
    }
    setSaving(true);
    try {
      const file = await uploadReport(inspection.liftId, picked);
      setPicked({ ...picked, stored: file });
      await call(inspectionsApi.attachReport, {
        params: { id: inspection.id },
        body: { reportFileId: file.id },
      });
      showToast('success', t`Report added`);
      requestSync('user');
      onSaved();
      onClose();
    } catch (failure) {
      const fieldError = reportFieldError(failure, i18n);
      if (fieldError) setError(fieldError);
      else reportSaveError(failure, i18n);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      title={t`Add the report`}
      footer={<FormActions onCancel={onClose} saving={saving} form="attach-report-form" />}
    >
      <form id="attach-report-form" onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text fontSize="sm">{inspection.title}</Text>
          <ReportFileField
            id="attach-report-file"
            picked={picked}
            onPick={(next) => {
              setPicked(next);
              setError(null);
            }}
            error={error}
          />
        </Stack>
      </form>
    </AppDialog>
  );
}
