import { Box, HStack, Link, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { liftsApi } from '../../../contract/api/lifts';
import { DEVICE_RANGES, type DeviceRange } from '../../../contract/constants';
import { useApiQuery } from '../../data/api/use-api';
import { numberFormat } from '../../data/i18n/intl-format';
import { useSocketEvent } from '../../data/session/socket';
import { LiftStateBadges } from '../../ui/LiftBadges';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { MaintenanceDueSection } from './MaintenanceDueSection';
import { OpenAlarmsSection } from './OpenAlarmsSection';
import { useMaintenanceDue } from './use-maintenance-due';

const REFETCH_DELAY_MS = 1000;

function Tile({ label, value, colour }: { label: string; value: number; colour?: string }) {
  const { i18n } = useLingui();
  return (
    <Box borderWidth="1px" borderRadius="l2" padding="4">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" color={colour}>
        {numberFormat(i18n.locale).format(value)}
      </Text>
    </Box>
  );
}

/**
 * `/apps/dashboards/my-devices`: the landing page. The route fills `inspectionsSlot` with the
 * inspections and defects tiles (src/features/inspections/).
 */
export function MyDevicesPage({ inspectionsSlot }: { inspectionsSlot?: ReactNode }) {
  const { t, i18n } = useLingui();
  const [range, setRange] = useState<DeviceRange>('today');
  const summary = useApiQuery(liftsApi.summary, { query: { range } });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refetchSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(summary.reload, REFETCH_DELAY_MS);
  };
  useSocketEvent('lift', refetchSoon);
  useSocketEvent('lift:removed', refetchSoon);
  // The tile counts what the due list shows (due or overdue), from the same computation.
  const due = useMaintenanceDue();

  const rangeLabels: Record<DeviceRange, string> = {
    today: t`Today`,
    yesterday: t`Yesterday`,
    last7Days: t`Last 7 days`,
    last28Days: t`Last 28 days`,
    last90Days: t`Last 90 days`,
  };
  const data = summary.data;
  const format = (n: number) => numberFormat(i18n.locale).format(n);

  return (
    <Stack gap="5">
      <PageTitle title={t`My devices`} />
      <LoadFailure error={summary.status === 'failed' ? summary.error : null} />
      {!data && summary.status === 'loading' && <Loading />}
      {data && (
        <>
          <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
            <Tile label={t`Lifts`} value={data.counts.total} />
            <Tile label={t`Online`} value={data.counts.online} colour="fg.success" />
            <Tile label={t`Offline`} value={data.counts.offline} />
            <Tile label={t`In error`} value={data.counts.inError} colour="fg.error" />
            <Tile
              label={t`Maintenance due`}
              value={due.list ? due.list.items.length : data.counts.maintenanceDue}
              colour="fg.warning"
            />
          </SimpleGrid>
          <Stack as="section" gap="3" aria-labelledby="range-heading">
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Text as="h2" id="range-heading" fontSize="lg" fontWeight="semibold">
                <Trans>Activity</Trans>
              </Text>
              <Box as="label" display="flex" alignItems="center" gap="2">
                <Text fontSize="sm">
                  <Trans>Time range</Trans>
                </Text>
                <NativeSelect.Root size="sm" width="auto">
                  <NativeSelect.Field
                    value={range}
                    onChange={(event) => setRange(event.target.value as DeviceRange)}
                  >
                    {DEVICE_RANGES.map((value) => (
                      <option key={value} value={value}>
                        {rangeLabels[value]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Box>
            </HStack>
            <SimpleGrid columns={2} gap="3">
              <Tile label={t`Trips`} value={data.trips} />
              <Tile label={t`Errors`} value={data.errors} colour="fg.error" />
            </SimpleGrid>
          </Stack>
          <Stack as="section" gap="3" aria-labelledby="attention-heading">
            <Text as="h2" id="attention-heading" fontSize="lg" fontWeight="semibold">
              <Trans>Needs attention</Trans>
            </Text>
            {data.attention.length === 0 ? (
              <Text color="fg.muted">
                <Trans>All lifts are fine.</Trans>
              </Text>
            ) : (
              <Box overflowX="auto" borderWidth="1px" borderRadius="l2">
                <Table.Root size="sm">
                  <Table.Caption srOnly>
                    <Trans>Needs attention</Trans>
                  </Table.Caption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>
                        <Trans>ID</Trans>
                      </Table.ColumnHeader>
                      <Table.ColumnHeader>
                        <Trans>Address</Trans>
                      </Table.ColumnHeader>
                      <Table.ColumnHeader>
                        <Trans>State</Trans>
                      </Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">
                        <Trans>Trips</Trans>
                      </Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.attention.map((lift) => (
                      <Table.Row key={lift.id}>
                        <Table.Cell fontWeight="medium">
                          <Link asChild colorPalette="blue">
                            <RouterLink
                              to="/apps/lift/lifts/$liftId/{-$deviceId}"
                              params={{ liftId: lift.id }}
                            >
                              {lift.uid}
                            </RouterLink>
                          </Link>
                        </Table.Cell>
                        <Table.Cell>{lift.address}</Table.Cell>
                        <Table.Cell>
                          <LiftStateBadges lift={lift} />
                        </Table.Cell>
                        <Table.Cell textAlign="end">{format(lift.stats.trips)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            )}
          </Stack>
        </>
      )}
      {/* From the mirror when it is complete: offline too, where the summary above cannot load. */}
      <OpenAlarmsSection />
      {inspectionsSlot}
      <MaintenanceDueSection list={due.list} error={due.error} />
    </Stack>
  );
}
