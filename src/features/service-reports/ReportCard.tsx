import { Badge, Box, Button, chakra, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import type { ServiceReport } from '../../../contract/schemas/service-report';
import { dateTimeFormat, numberFormat } from '../../data/i18n/intl-format';
import type { OutboxEntry } from '../../data/mirror/mirror-db';
import { FileViewerDialog } from '../../ui/FileViewerDialog';
import { isPhotoUrl, PhotoStrip } from '../../ui/Photos';

/** When a report was signed, in the reader's language and Berlin's time. */
export const signedText = (locale: string, at: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(
    new Date(at),
  );

/**
 * One report: when, by whom, signed by whom, the lift's state, the work and parts, the photos and
 * its PDF; a report still on this device says so ("waiting to send"), a refused one too.
 */
export function ReportCard({
  report,
  waiting,
  lift,
}: {
  report: ServiceReport;
  /** Its change still in the outbox: waiting, or refused by the server. */
  waiting: OutboxEntry | undefined;
  /** The lift's name, in lists of several lifts. */
  lift?: string;
}) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const photos = report.photoUrls.filter(isPhotoUrl);
  const quantity = (n: number) => numberFormat(i18n.locale, { maximumFractionDigits: 3 }).format(n);
  const author = report.authorName ?? '—';
  const signer = report.signerName;
  return (
    <Stack
      as="article"
      gap="2"
      borderWidth="1px"
      borderRadius="l2"
      padding="3"
      data-testid="service-report"
      aria-label={t`Service report of ${signedText(i18n.locale, report.signedAt)}`}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="semibold">
          {lift ? `${lift} · ` : ''}
          {signedText(i18n.locale, report.signedAt)}
        </Text>
        <HStack gap="2" wrap="wrap">
          {report.liftInService ? (
            <Badge colorPalette="green">
              <Trans>In service</Trans>
            </Badge>
          ) : (
            <Badge colorPalette="red">
              <Trans>Out of service</Trans>
            </Badge>
          )}
          {waiting?.status === 'pending' && (
            <Badge colorPalette="orange" data-testid="report-waiting">
              <Trans>Waiting to send</Trans>
            </Badge>
          )}
          {waiting && waiting.status !== 'pending' && (
            <Badge colorPalette="red">
              <Trans>Refused by the server</Trans>
            </Badge>
          )}
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        <Trans>
          By {author}, signed by {signer}, {report.minutesOnSite} min on site
        </Trans>
      </Text>
      <Text fontSize="sm" whiteSpace="pre-wrap">
        {report.workDone}
      </Text>
      {report.parts.length > 0 && (
        <chakra.ul fontSize="sm" paddingStart="5" listStyleType="disc">
          {report.parts.map((part, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a report's parts never change order
            <li key={index}>
              {quantity(part.quantity)} × {part.name}
              {part.ref ? ` (${part.ref})` : ''}
            </li>
          ))}
        </chakra.ul>
      )}
      {photos.length > 0 && <PhotoStrip urls={photos} />}
      {waiting && waiting.status !== 'pending' && waiting.error && (
        <Text fontSize="sm" color="fg.error">
          {waiting.error}{' '}
          <Link asChild colorPalette="blue">
            <RouterLink to="/apps/sync">
              <Trans>See waiting changes</Trans>
            </RouterLink>
          </Link>
        </Text>
      )}
      {report.pdfUrl && !waiting && (
        <Box>
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            <FileText aria-hidden="true" />
            <Trans>Open PDF</Trans>
          </Button>
        </Box>
      )}
      {open && report.pdfUrl && (
        <FileViewerDialog
          file={report.pdfUrl}
          title={t`Service report`}
          previewTitle={t`Preview of the service report`}
          downloadName="service-report.pdf"
          onClose={() => setOpen(false)}
        />
      )}
    </Stack>
  );
}
