import { Trans, useLingui } from '@lingui/react/macro';
import type { LiftFile } from '../../../contract/schemas/file';
import { FileViewerDialog } from '../../ui/FileViewerDialog';

/** A lift file shown in the page; one not on this device says how to have it in the shaft. */
export function FilePreviewDialog({ file, onClose }: { file: LiftFile; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <FileViewerDialog
      file={file}
      title={file.name}
      previewTitle={t`Preview of ${file.name}`}
      downloadName={file.name}
      notKept={
        <Trans>
          This file is not on this device. Open it once while online, or mark it "Keep offline", to have it in
          the shaft.
        </Trans>
      }
      onClose={onClose}
    />
  );
}
