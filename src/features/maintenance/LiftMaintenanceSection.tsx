import { Box, Button, Heading, HStack, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { Wrench } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { maintenanceApi } from '../../../contract/api/maintenance';
import { berlinDay, lastVisitOf, liftMaintenanceDue, planOf } from '../../../contract/maintenance';
import { canAccess } from '../../../contract/roles';
import type { LiftMaintenance, MaintenanceVisit } from '../../../contract/schemas/maintenance';
import { type ApiState, useApiQuery } from '../../data/api/use-api';
import { numberFormat } from '../../data/i18n/intl-format';
import { useMirror, useMirrorSettings } from '../../data/mirror/use-mirror';
import { sessionRole, useSession } from '../../data/session/session';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { isPhotoUrl, PhotoStrip } from '../../ui/Photos';
import { DueBadge, formatDay, ReasonText } from './due-labels';
import { RecordVisitDialog } from './RecordVisitDialog';

/**
 * The lift page's maintenance (docs/maintenance.md): the section shown in the lift page's overview
 * and the dialog that records a visit. The route holds both, so that the lift page re-rendering its
 * tabs (live data, the mirror arriving) never drops the loaded data or a half-filled form.
 */
export function useLiftMaintenance(
  liftId: string,
  /** Opens the service report's dialog about a visit (src/features/service-reports/, through the route). */
  onReport?: (visit: { visitId: string; label: string }) => void,
): { section: ReactNode; dialog: ReactNode } {
  const state = useApiQuery(maintenanceApi.lift, { params: { id: liftId } });
  const [recording, setRecording] = useState(false);
  // The visits from the mirror when it holds them: offline too, with those recorded on this device.
  const mirror = useMirror();
  const mirrored = useLiveQuery(
    async () =>
      mirror
        ? (await mirror.visits.where('liftId').equals(liftId).toArray()).sort(
            (a, b) => b.visitedOn.localeCompare(a.visitedOn) || b.createdAt.localeCompare(a.createdAt),
          )
        : null,
    [mirror, liftId],
  );
  // Plan and due day from the mirror too (contract/maintenance.ts, the server's own computation):
  // offline, and at once after a visit recorded on this device.
  const settings = useMirrorSettings(mirror);
  const lift = useLiveQuery(
    async () => (mirror ? ((await mirror.lifts.get(liftId)) ?? null) : null),
    [mirror, liftId],
  );
  const local =
    lift && mirrored && settings
      ? {
          plan: planOf(lift.maintenance, settings.maintenance),
          due: liftMaintenanceDue(
            { ...lift, lastVisit: lastVisitOf(mirrored) },
            settings.maintenance,
            berlinDay(),
          ),
        }
      : null;
  return {
    section: (
      <LiftMaintenanceSection
        state={state}
        local={local}
        visits={mirrored ?? null}
        onRecord={() => setRecording(true)}
        onReport={onReport}
      />
    ),
    dialog: recording ? (
      <RecordVisitDialog liftId={liftId} open onClose={() => setRecording(false)} onSaved={state.reload} />
    ) : null,
  };
}

function LiftMaintenanceSection({
  state,
  local,
  visits: mirroredVisits,
  onRecord,
  onReport,
}: {
  state: ApiState<LiftMaintenance>;
  /** Plan and due day computed from the mirror; null: the API's. */
  local: Pick<LiftMaintenance, 'plan' | 'due'> | null;
  /** From the mirror; null: the API's. */
  visits: MaintenanceVisit[] | null;
  onRecord: () => void;
  onReport: ((visit: { visitId: string; label: string }) => void) | undefined;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const role = sessionRole(useSession());
  const data = local ?? state.data;
  const visits = mirroredVisits ?? state.data?.visits ?? [];
  const number = (n: number) => numberFormat(locale, { maximumFractionDigits: 1 }).format(n);

  return (
    <Stack as="section" gap="3" aria-labelledby="lift-maintenance-heading">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg" id="lift-maintenance-heading">
          <Trans>Maintenance</Trans>
        </Heading>
        {role !== null && role !== 'customer' && (
          <Button size="sm" onClick={onRecord}>
            <Wrench aria-hidden="true" />
            <Trans>Record a visit</Trans>
          </Button>
        )}
      </HStack>
      {/* Offline, plan, due day and visits come from the mirror: no failure to tell then. */}
      {!(mirroredVisits && state.status === 'failed' && state.error?.isUnreachable) && (
        <LoadFailure error={state.status === 'failed' ? state.error : null} />
      )}
      {!data && state.status === 'loading' && <Loading />}
      {data && (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="2" fontSize="sm">
          <HStack gap="2" wrap="wrap">
            <DueBadge status={data.due.status} />
            <Text>
              <Trans>
                Due on {formatDay(data.due.dueOn, locale)} (<ReasonText reason={data.due.reason} />)
              </Trans>
            </Text>
          </HStack>
          <Text>
            <Trans>
              Left: {number(data.due.tripsLeft)} trips, {number(data.due.hoursLeft)} operating hours
            </Trans>
          </Text>
          <Text color="fg.muted">
            {data.plan.custom ? (
              <Trans>
                Own plan: every {number(data.plan.everyTrips)} trips, {number(data.plan.everyHours)} hours or{' '}
                {data.plan.everyMonths} months
              </Trans>
            ) : (
              <Trans>
                Plan: every {number(data.plan.everyTrips)} trips, {number(data.plan.everyHours)} hours or{' '}
                {data.plan.everyMonths} months
              </Trans>
            )}
          </Text>
        </SimpleGrid>
      )}
      {(state.data || mirroredVisits) &&
        (visits.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            <Trans>No maintenance visit recorded yet.</Trans>
          </Text>
        ) : (
          <Box overflowX="auto" borderWidth="1px" borderRadius="l2">
            <Table.Root size="sm">
              <Table.Caption srOnly>
                <Trans>Maintenance visits</Trans>
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Date</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Work done</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Notes</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>By</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {visits.map((visit) => (
                  <Table.Row key={visit.id}>
                    <Table.Cell whiteSpace="nowrap">{formatDay(visit.visitedOn, locale)}</Table.Cell>
                    <Table.Cell whiteSpace="pre-wrap" minWidth="40">
                      {visit.workDone}
                    </Table.Cell>
                    <Table.Cell whiteSpace="pre-wrap" minWidth="40">
                      {visit.notes}
                      <VisitPhotos urls={visit.photoUrls} />
                    </Table.Cell>
                    <Table.Cell>
                      {visit.recordedByName ?? '—'}
                      {onReport && canAccess(role, 'serviceWork') && (
                        <Button
                          size="xs"
                          variant="outline"
                          display="flex"
                          marginTop="1"
                          onClick={() =>
                            onReport({
                              visitId: visit.id,
                              label: t`Maintenance visit on ${formatDay(visit.visitedOn, locale)}`,
                            })
                          }
                        >
                          <Trans>Service report</Trans>
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        ))}
    </Stack>
  );
}

/**
 * A visit's photos: the portal's files (and those still waiting on this device) as thumbnails that
 * open the picture, offline too; links elsewhere (visits recorded before photos were taken) as links.
 */
function VisitPhotos({ urls }: { urls: string[] }) {
  const { t } = useLingui();
  const photos = urls.filter(isPhotoUrl);
  const links = urls.filter((url) => !isPhotoUrl(url));
  return (
    <>
      {photos.length > 0 && (
        <Box marginTop="1" data-testid="visit-history-photos">
          <PhotoStrip urls={photos} />
        </Box>
      )}
      {links.map((url, index) => (
        <Link key={url} href={url} target="_blank" rel="noreferrer" colorPalette="blue" display="block">
          {t`Photo ${photos.length + index + 1}`}
        </Link>
      ))}
    </>
  );
}
