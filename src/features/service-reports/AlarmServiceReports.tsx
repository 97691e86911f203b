import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileSignature } from 'lucide-react';
import { useLiftServiceReports } from './LiftServiceReportsSection';

/** An alarm's page: "Write a service report" about the repair, for the alarm's lift. */
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
  if (!reports.mayWrite) return null;
  return (
    <Stack as="section" gap="2" aria-labelledby="alarm-report-heading">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md" id="alarm-report-heading">
          <Trans>Service report</Trans>
        </Heading>
        <Button size="sm" onClick={() => reports.write({ alarmId, label: t`Repair after: ${label}` })}>
          <FileSignature aria-hidden="true" />
          <Trans>Write a service report</Trans>
        </Button>
      </HStack>
      {reports.dialog}
    </Stack>
  );
}
