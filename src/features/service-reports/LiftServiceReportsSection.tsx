import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { FileSignature } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { serviceReportsApi } from '../../../contract/api/service-reports';
import { canAccess } from '../../../contract/roles';
import type { ServiceReport } from '../../../contract/schemas/service-report';
import { useApiQuery } from '../../data/api/use-api';
import { usePendingChanges, useReloadWhenSent } from '../../data/mirror/pending-overlay';
import { useMirror } from '../../data/mirror/use-mirror';
import { sessionRole, useSession } from '../../data/session/session';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { ReportCard } from './ReportCard';
import { type ReportContext, ServiceReportDialog } from './ServiceReportDialog';

const newestFirst = (a: ServiceReport, b: ServiceReport) =>
  b.signedAt.localeCompare(a.signedAt) || b.id.localeCompare(a.id);

/**
 * The lift page's service reports (docs/service-reports.md): the section and the dialog that
 * writes one, held by the route like the maintenance section, and `write` for the other sections
 * (a visit, an alarm) to open the dialog about them.
 */
export function useLiftServiceReports(liftId: string): {
  section: ReactNode;
  dialog: ReactNode;
  write: (context: ReportContext) => void;
  /** Whether the user writes reports (service men and staff). */
  mayWrite: boolean;
  /** The lift's reports, newest first; null while loading. */
  reports: ServiceReport[] | null;
} {
  const [writing, setWriting] = useState<ReportContext | null>(null);
  const mirror = useMirror();
  const state = useApiQuery(serviceReportsApi.lift, mirror ? null : { params: { id: liftId } });
  useReloadWhenSent('report', state.reload);
  const mirrored = useLiveQuery(
    async () =>
      mirror ? (await mirror.reports.where('liftId').equals(liftId).toArray()).sort(newestFirst) : null,
    [mirror, liftId],
  );
  const role = sessionRole(useSession());
  const mayWrite = canAccess(role, 'serviceWork');
  const write = useCallback((context: ReportContext) => setWriting(context), []);
  const reports = mirrored ?? state.data?.reports ?? null;
  return {
    write,
    mayWrite,
    reports,
    section: (
      <LiftServiceReportsSection
        reports={reports}
        failure={mirrored ? null : state.status === 'failed' ? state.error : null}
        onWrite={mayWrite ? () => setWriting({}) : null}
      />
    ),
    dialog: writing ? (
      <ServiceReportDialog
        liftId={liftId}
        context={writing}
        onClose={() => setWriting(null)}
        onSaved={state.reload}
      />
    ) : null,
  };
}

function LiftServiceReportsSection({
  reports,
  failure,
  onWrite,
}: {
  reports: ServiceReport[] | null;
  failure: Parameters<typeof LoadFailure>[0]['error'];
  onWrite: (() => void) | null;
}) {
  const pending = usePendingChanges();
  const waitingOf = (id: string) =>
    pending.find((entry) => entry.entity === 'report' && entry.entityId === id);
  return (
    <Stack as="section" gap="3" aria-labelledby="lift-reports-heading">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg" id="lift-reports-heading">
          <Trans>Service reports</Trans>
        </Heading>
        {onWrite && (
          <Button size="sm" onClick={onWrite}>
            <FileSignature aria-hidden="true" />
            <Trans>Write a service report</Trans>
          </Button>
        )}
      </HStack>
      <LoadFailure error={failure} />
      {reports === null && !failure && <Loading />}
      {reports?.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          <Trans>No service report yet.</Trans>
        </Text>
      )}
      {reports?.map((report) => (
        <ReportCard key={report.id} report={report} waiting={waitingOf(report.id)} />
      ))}
    </Stack>
  );
}
