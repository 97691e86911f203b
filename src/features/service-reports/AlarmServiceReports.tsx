import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileSignature } from 'lucide-react';
import { usePendingChanges } from '../../data/mirror/pending-overlay';
import { useLiftServiceReports } from './LiftServiceReportsSection';
import { ReportCard } from './ReportCard';

/** An alarm's page: the reports about its repair, and "Write a service report" about it. */
export function AlarmServiceReports({
  alarmId,
  liftId,
  label,
}: {
  alarmId: string;
  liftId: string;
  label: string;
}) {
  const { t } = useLingui();
  const reports = useLiftServiceReports(liftId);
  const pending = usePendingChanges();
  const about = (reports.reports ?? []).filter((report) => report.alarmId === alarmId);
  if (!reports.mayWrite && about.length === 0) return null;
  return (
    <Stack as="section" gap="2" aria-labelledby="alarm-report-heading">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md" id="alarm-report-heading">
          <Trans>Service reports</Trans>
        </Heading>
        {reports.mayWrite && (
          <Button size="sm" onClick={() => reports.write({ alarmId, label: t`Repair after: ${label}` })}>
            <FileSignature aria-hidden="true" />
            <Trans>Write a service report</Trans>
          </Button>
        )}
      </HStack>
      {about.map((report) => (
        <ReportCard
          key={report.id}
          report={report}
          waiting={pending.find((entry) => entry.entity === 'report' && entry.entityId === report.id)}
        />
      ))}
      {reports.dialog}
    </Stack>
  );
}
