import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileUp, X } from 'lucide-react';
import { useRef } from 'react';
import { FileViewerDialog } from '../../ui/FileViewerDialog';
import { FormField } from '../../ui/FormField';
import { formatBytes } from '../../ui/format-bytes';
import { type PickedReport, pickReport, REPORT_ACCEPT } from './inspection-report';

/**
 * "Report of the inspection body": picks one PDF or image (a scan, a photo of the paper). The
 * file waits in the form until it is saved; its error is the server's (type by content, size).
 */
export function ReportFileField({
  id,
  picked,
  onPick,
  error,
}: {
  id: string;
  picked: PickedReport | null;
  onPick: (picked: PickedReport | null) => void;
  error: string | null;
}) {
  const { t } = useLingui();
  return (
    <FormField id={id} label={t`Report of the inspection body (PDF or image)`} error={error}>
      <ReportPicker picked={picked} onPick={onPick} />
    </FormField>
  );
}

/** The button and its hidden file input; FormField gives the input its id and description. */
function ReportPicker({
  picked,
  onPick,
  id,
  ...aria
}: {
  picked: PickedReport | null;
  onPick: (picked: PickedReport | null) => void;
  id?: string;
}) {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  return (
    <HStack gap="2" wrap="wrap">
      <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
        <FileUp aria-hidden="true" />
        {picked ? <Trans>Choose another file</Trans> : <Trans>Choose a file</Trans>}
      </Button>
      <input
        ref={input}
        id={id}
        {...aria}
        type="file"
        accept={REPORT_ACCEPT}
        hidden
        data-testid="inspection-report-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(pickReport(file));
          event.target.value = '';
        }}
      />
      {picked ? (
        <HStack gap="1" minWidth="0">
          <Text fontSize="sm" truncate data-testid="inspection-report-name">
            {picked.file.name} ({formatBytes(picked.file.size, i18n.locale)})
          </Text>
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={t`Remove the report`}
            onClick={() => onPick(null)}
          >
            <X />
          </IconButton>
        </HStack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          <Trans>No file chosen</Trans>
        </Text>
      )}
    </HStack>
  );
}

/** The report shown in the page (a PDF in the browser's viewer, an image as it is), with a download. */
export function ReportFileDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <FileViewerDialog
      file={url}
      title={t`Report of the inspection body`}
      previewTitle={t`Preview of the report`}
      downloadName="report"
      onClose={onClose}
    />
  );
}
