import { Button, chakra, Image, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import type { LiftFile } from '../../../contract/schemas/file';
import { useFileBytes, useObjectUrl } from '../../data/files/file-bytes';
import { AppDialog } from '../../ui/AppDialog';
import { Loading } from '../../ui/LoadFailure';

/**
 * A lift file shown in the page: images as images, PDFs in the browser's viewer, from the device
 * when kept (offline too), with a download of the same bytes.
 */
export function FilePreviewDialog({ file, onClose }: { file: LiftFile; onClose: () => void }) {
  const { t } = useLingui();
  const bytes = useFileBytes(file);
  const url = useObjectUrl(bytes.status === 'ready' ? bytes.blob : null);
  const isImage = file.type.startsWith('image/');

  return (
    <AppDialog
      open
      onClose={onClose}
      title={file.name}
      size="xl"
      footer={
        url && (
          <Button asChild variant="outline">
            <a href={url} download={file.name}>
              <Download aria-hidden />
              <Trans>Download</Trans>
            </a>
          </Button>
        )
      }
    >
      {bytes.status === 'loading' && <Loading />}
      {bytes.status === 'notKept' && (
        <Text role="status" color="fg.muted">
          <Trans>
            This file is not on this device. Open it once while online, or mark it "Keep offline", to have it
            in the shaft.
          </Trans>
        </Text>
      )}
      {bytes.status === 'failed' && (
        <Text role="alert" color="fg.error">
          <Trans>The file could not be opened.</Trans>
        </Text>
      )}
      {url &&
        (isImage ? (
          <Image
            src={url}
            alt={file.name}
            maxWidth="full"
            marginInline="auto"
            data-testid="file-preview-image"
          />
        ) : (
          <chakra.iframe
            title={t`Preview of ${file.name}`}
            src={url}
            width="full"
            height={{ base: '70vh', md: '75vh' }}
            borderWidth="1px"
            borderRadius="l2"
            data-testid="file-preview-pdf"
          />
        ))}
    </AppDialog>
  );
}
