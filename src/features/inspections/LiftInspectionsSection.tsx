import { Badge, Box, Button, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { ClipboardCheck, FilePlus, FileText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { inspectionsApi } from '../../../contract/api/inspections';
import {
  DEFAULT_MAIN_INTERVAL_MONTHS,
  type InspectionDue,
  inspectionsDue,
  isDefectOpen,
  isDefectOverdue,
  isOutOfService,
} from '../../../contract/inspection-rules';
import { berlinDay } from '../../../contract/maintenance';
import { hasRole } from '../../../contract/roles';
import type { Defect, Inspection } from '../../../contract/schemas/inspection';
import { useApiQuery } from '../../data/api/use-api';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { useMirror } from '../../data/mirror/use-mirror';
import { sessionRole, useSession } from '../../data/session/session';
import { reportSaveError } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PhotoStrip } from '../../ui/Photos';
import { showToast } from '../../ui/toaster';
import { AttachReportDialog } from './AttachReportDialog';
import { closeDefect } from './defect-changes';
import { FixDefectDialog } from './FixDefectDialog';
import { InspectionDueBadge, useInspectionLabels } from './inspection-labels';
import { RecordInspectionDialog } from './RecordInspectionDialog';
import { ReportFileDialog } from './ReportFile';

/** A `YYYY-MM-DD` day in the reader's language. */
const formatDay = (day: string, locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/**
 * The lift page's statutory inspections (docs/inspections.md): due days, open defects and the
 * inspections, with the dialogs to record one and to mark a defect fixed. The route holds it (a
 * feature never imports another), so that the lift page re-rendering keeps a half-filled form.
 * Inspections and defects come from the mirror when it holds them (offline too, with fixes made on
 * this device), the interval too (the mirrored lift's), else from the API.
 */
export function useLiftInspections(liftId: string): { section: ReactNode; dialog: ReactNode } {
  const { t, i18n } = useLingui();
  const state = useApiQuery(inspectionsApi.lift, { params: { id: liftId } });
  const mirror = useMirror();
  const [recording, setRecording] = useState(false);
  const [fixing, setFixing] = useState<Defect | null>(null);
  const [attaching, setAttaching] = useState<Inspection | null>(null);
  const [openReport, setOpenReport] = useState<string | null>(null);
  const mirrored = useLiveQuery(
    async () =>
      mirror
        ? {
            inspectionEveryMonths: (await mirror.lifts.get(liftId))?.inspectionEveryMonths ?? null,
            inspections: await mirror.inspections.where('liftId').equals(liftId).toArray(),
            defects: await mirror.defects.where('liftId').equals(liftId).toArray(),
            // Fixes and closings made on this device and not taken by the server yet.
            pending: new Set(
              (await mirror.outbox.toArray())
                .filter((entry) => entry.entity === 'defect')
                .map((entry) => entry.entityId),
            ),
          }
        : null,
    [mirror, liftId],
  );
  const inspections = [...(mirrored?.inspections ?? state.data?.inspections ?? [])].sort(
    (a, b) => b.inspectedOn.localeCompare(a.inspectedOn) || b.createdAt.localeCompare(a.createdAt),
  );
  const defects = [...(mirrored?.defects ?? state.data?.defects ?? [])].sort((a, b) =>
    a.deadline.localeCompare(b.deadline),
  );
  const interval =
    state.data?.interval.mainEveryMonths ?? mirrored?.inspectionEveryMonths ?? DEFAULT_MAIN_INTERVAL_MONTHS;
  const hasData = Boolean(mirrored || state.data);

  const close = async (defect: Defect) => {
    try {
      await closeDefect(defect.id, mirror);
      showToast('success', t`Defect closed`);
      state.reload();
    } catch (error) {
      reportSaveError(error, i18n);
    }
  };

  return {
    section: (
      <Stack as="section" gap="3" aria-labelledby="lift-inspections-heading">
        <HeaderRow onRecord={() => setRecording(true)} />
        {!(mirrored && state.status === 'failed' && state.error?.isUnreachable) && (
          <LoadFailure error={state.status === 'failed' ? state.error : null} />
        )}
        {!hasData && state.status === 'loading' && <Loading />}
        {hasData && (
          <>
            {isOutOfService(inspections, defects) && (
              <Badge colorPalette="red" variant="solid" size="lg" alignSelf="start" whiteSpace="normal">
                <Trans>Out of service: dangerous defects not closed</Trans>
              </Badge>
            )}
            <DueDays due={inspectionsDue(inspections, interval, berlinDay())} interval={interval} />
            <OpenDefects
              defects={defects.filter(isDefectOpen)}
              pending={mirrored?.pending ?? new Set()}
              onFix={setFixing}
              onClose={close}
            />
            <InspectionsTable
              inspections={inspections}
              onOpenReport={setOpenReport}
              onAttach={setAttaching}
            />
          </>
        )}
      </Stack>
    ),
    dialog: (
      <>
        {recording && (
          <RecordInspectionDialog
            liftId={liftId}
            onClose={() => setRecording(false)}
            onSaved={state.reload}
          />
        )}
        {fixing && <FixDefectDialog defect={fixing} onClose={() => setFixing(null)} onSaved={state.reload} />}
        {attaching && (
          <AttachReportDialog
            inspection={{
              id: attaching.id,
              liftId: attaching.liftId,
              title: `${formatDay(attaching.inspectedOn, i18n.locale)}, ${attaching.body}`,
            }}
            onClose={() => setAttaching(null)}
            onSaved={state.reload}
          />
        )}
        {openReport && <ReportFileDialog url={openReport} onClose={() => setOpenReport(null)} />}
      </>
    ),
  };
}

function HeaderRow({ onRecord }: { onRecord: () => void }) {
  const isAdmin = hasRole(sessionRole(useSession()), 'admin');
  return (
    <HStack justify="space-between" wrap="wrap" gap="2">
      <Heading as="h2" size="lg" id="lift-inspections-heading">
        <Trans>Inspections</Trans>
      </Heading>
      {isAdmin && (
        <Button size="sm" onClick={onRecord}>
          <ClipboardCheck aria-hidden="true" />
          <Trans>Record an inspection</Trans>
        </Button>
      )}
    </HStack>
  );
}

function DueDays({
  due,
  interval,
}: {
  due: { main: InspectionDue | null; intermediate: InspectionDue | null };
  interval: number;
}) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  if (!due.main) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>No main inspection recorded yet: the due days count from the first.</Trans>
      </Text>
    );
  }
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="2" fontSize="sm">
      <HStack gap="2" wrap="wrap">
        <InspectionDueBadge status={due.main.status} />
        <Text>
          <Trans>Main inspection due on {formatDay(due.main.dueOn, locale)}</Trans>
        </Text>
      </HStack>
      {due.intermediate ? (
        <HStack gap="2" wrap="wrap">
          <InspectionDueBadge status={due.intermediate.status} />
          <Text>
            <Trans>Intermediate inspection due on {formatDay(due.intermediate.dueOn, locale)}</Trans>
          </Text>
        </HStack>
      ) : (
        <Text>
          <Trans>Intermediate inspection done</Trans>
        </Text>
      )}
      <Text color="fg.muted">
        <Trans>Main inspection every {interval} months</Trans>
      </Text>
    </SimpleGrid>
  );
}

function OpenDefects({
  defects,
  pending,
  onFix,
  onClose,
}: {
  defects: Defect[];
  pending: ReadonlySet<string>;
  onFix: (defect: Defect) => void;
  onClose: (defect: Defect) => void;
}) {
  const { t, i18n } = useLingui();
  const role = sessionRole(useSession());
  const isAdmin = hasRole(role, 'admin');
  const mayFix = role === 'service_man' || isAdmin;
  const today = berlinDay();
  if (defects.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>No open defects.</Trans>
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={t`Open defects`} data-testid="open-defects">
      {defects.map((defect) => {
        const overdue = isDefectOverdue(defect, today);
        return (
          <Box as="li" key={defect.id} borderWidth="1px" borderRadius="l2" padding="3" fontSize="sm">
            <Stack gap="1">
              <Text whiteSpace="pre-wrap" fontWeight="medium">
                {defect.text}
              </Text>
              <Text color={overdue ? 'fg.error' : undefined} fontWeight={overdue ? 'semibold' : undefined}>
                {overdue ? (
                  <Trans>Deadline {formatDay(defect.deadline, i18n.locale)}: overdue</Trans>
                ) : (
                  <Trans>Deadline {formatDay(defect.deadline, i18n.locale)}</Trans>
                )}
              </Text>
              {defect.fixedAt && (
                <Text color="fg.muted" whiteSpace="pre-wrap">
                  <Trans>
                    Fixed by {defect.fixedByName ?? '—'}: {defect.fixNote}
                  </Trans>
                </Text>
              )}
              {defect.fixedAt && (defect.fixPhotoUrls ?? []).length > 0 && (
                <Box data-testid="defect-fix-photos">
                  <PhotoStrip urls={defect.fixPhotoUrls} />
                </Box>
              )}
              <HStack gap="2" wrap="wrap">
                {pending.has(defect.id) && (
                  <Badge colorPalette="orange">
                    <Trans>Waiting to be sent</Trans>
                  </Badge>
                )}
                {defect.fixedAt === null && mayFix && (
                  <Button size="xs" variant="outline" onClick={() => onFix(defect)}>
                    <Trans>Defect fixed</Trans>
                  </Button>
                )}
                {defect.fixedAt !== null && isAdmin && (
                  <Button size="xs" variant="outline" onClick={() => onClose(defect)}>
                    <Trans>Close</Trans>
                  </Button>
                )}
              </HStack>
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

function InspectionsTable({
  inspections,
  onOpenReport,
  onAttach,
}: {
  inspections: Inspection[];
  onOpenReport: (url: string) => void;
  onAttach: (inspection: Inspection) => void;
}) {
  const { i18n } = useLingui();
  const isAdmin = hasRole(sessionRole(useSession()), 'admin');
  const labels = useInspectionLabels();
  if (inspections.length === 0) return null;
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm">
        <Table.Caption srOnly>
          <Trans>Inspections of the lift</Trans>
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>Date</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Kind</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Inspection body</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Result</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Report</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {inspections.map((inspection) => (
            <Table.Row key={inspection.id}>
              <Table.Cell whiteSpace="nowrap">{formatDay(inspection.inspectedOn, i18n.locale)}</Table.Cell>
              <Table.Cell>{labels.kinds[inspection.kind]}</Table.Cell>
              <Table.Cell>
                {inspection.body}
                {inspection.inspector && ` (${inspection.inspector})`}
              </Table.Cell>
              <Table.Cell color={inspection.result === 'dangerous' ? 'fg.error' : undefined}>
                {labels.results[inspection.result]}
              </Table.Cell>
              <Table.Cell>
                {inspection.reportUrl ? (
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => inspection.reportUrl && onOpenReport(inspection.reportUrl)}
                  >
                    <FileText aria-hidden="true" />
                    <Trans>Open report</Trans>
                  </Button>
                ) : isAdmin ? (
                  <Button size="xs" variant="ghost" onClick={() => onAttach(inspection)}>
                    <FilePlus aria-hidden="true" />
                    <Trans>Add report</Trans>
                  </Button>
                ) : (
                  '—'
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
