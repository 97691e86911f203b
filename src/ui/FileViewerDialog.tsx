import { Button, chakra, Image } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LiftFile } from '../../contract/schemas/file';
import { useFileBytes, useObjectUrl } from '../data/files/file-bytes';
import { AppDialog } from './AppDialog';
import { FileBytesStatus } from './Photos';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const withExtension = (name: string, type: string) =>
  name.includes('.') || !EXTENSIONS[type] ? name : `${name}.${EXTENSIONS[type]}`;

/**
 * A stored file shown in the page: an image as it is, a PDF in the browser's viewer, from the
 * device when kept (offline too), with a download of the same bytes. The kind is read from the
 * bytes' type, so a report that may be a scan or a PDF needs no hint.
 */
export function FileViewerDialog({
  file,
  title,
  previewTitle,
  downloadName,
  notKept,
  onClose,
}: {
  file: LiftFile | string;
  title: string;
  /** The PDF viewer's name for screen readers, and the image's text. */
  previewTitle: string;
  /** Without an extension, one is added from the bytes' type. */
  downloadName: string;
  /** What to say when the file is not on this device, if more than that. */
  notKept?: ReactNode;
  onClose: () => void;
}) {
  const bytes = useFileBytes(file);
  const blob = bytes.status === 'ready' ? bytes.blob : null;
  const url = useObjectUrl(blob);
  return (
    <AppDialog
      open
      onClose={onClose}
      title={title}
      size="xl"
      footer={
        url && (
          <Button asChild variant="outline">
            <a href={url} download={withExtension(downloadName, blob?.type ?? '')}>
              <Download aria-hidden />
              <Trans>Download</Trans>
            </a>
          </Button>
        )
      }
    >
      <FileBytesStatus bytes={bytes} notKept={notKept} />
      {url &&
        blob &&
        (blob.type.startsWith('image/') ? (
          <Image
            src={url}
            alt={previewTitle}
            maxWidth="full"
            marginInline="auto"
            data-testid="file-preview-image"
          />
        ) : (
          <chakra.iframe
            title={previewTitle}
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
