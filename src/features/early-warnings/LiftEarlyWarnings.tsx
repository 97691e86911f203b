import { Badge, Box, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { earlyWarningsApi } from '../../../contract/api/early-warnings';
import type { EarlyWarning, EarlyWarningPoint } from '../../../contract/schemas/early-warning';
import { useApiQuery } from '../../data/api/use-api';
import { useOnline } from '../../data/mirror/sync-status';
import { LoadFailure } from '../../ui/LoadFailure';
import { formatDay, useWarningTexts } from './warning-texts';

// ECharts loads with the first warning shown, not with every lift page.
const WarningChart = lazy(() =>
  import('./WarningChart').then((module) => ({ default: module.WarningChart })),
);

/**
 * The lift page's early warnings (docs/early-warnings.md): for each rule that marks the lift
 * unusual, the reason in words and a chart of the series with its baseline band. Nothing while the
 * lift is usual. Online only: offline it says that it needs a connection, or that what it shows was
 * loaded before.
 */
export function LiftEarlyWarnings({ liftId }: { liftId: string }) {
  const online = useOnline();
  const state = useApiQuery(earlyWarningsApi.lift, online ? { params: { id: liftId } } : null);
  if (!online && !state.data) {
    return (
      <Text role="status" fontSize="sm" color="fg.muted">
        <Trans>Early warnings need a connection to the server.</Trans>
      </Text>
    );
  }
  if (state.status === 'failed') return <LoadFailure error={state.error} />;
  const data = state.data;
  if (!data || data.warnings.length === 0) return null;
  return (
    <Stack gap="4">
      {!online && (
        <Text role="status" fontSize="sm" color="fg.muted">
          <Trans>Offline: the early warnings as last loaded.</Trans>
        </Text>
      )}
      {data.warnings.map((warning) => (
        <WarningCard
          key={warning.rule}
          warning={warning}
          points={data.series.find((s) => s.rule === warning.rule)?.points ?? []}
        />
      ))}
    </Stack>
  );
}

function WarningCard({ warning, points }: { warning: EarlyWarning; points: EarlyWarningPoint[] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const { titles, seriesNames, reason, figure } = useWarningTexts();
  const headingId = `early-warning-${warning.rule}`;
  const labels = useMemo(
    () => ({
      value: seriesNames[warning.rule],
      expected: t`Baseline`,
      band: t`Usual range`,
      flagged: t`Unusual`,
    }),
    [seriesNames, warning.rule, t],
  );
  const dayLabel = useCallback(
    (day: string) =>
      new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      ),
    [locale],
  );
  const formatNumber = useCallback((value: number) => figure(value, 2), [figure]);
  const since = formatDay(warning.since, locale);
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      gap="3"
      borderWidth="1px"
      borderColor="orange.muted"
      borderRadius="l2"
      padding="4"
      data-testid="early-warning"
    >
      <HStack gap="2" wrap="wrap">
        <TriangleAlert aria-hidden="true" color="var(--chakra-colors-orange-fg)" />
        <Heading as="h2" size="md" id={headingId}>
          {titles[warning.rule]}
        </Heading>
        <Badge colorPalette="orange" variant="solid">
          <Trans>Unusual</Trans>
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          <Trans>since {since}</Trans>
        </Text>
      </HStack>
      <Text>{reason(warning)}</Text>
      <Box>
        <Suspense fallback={<Box height="260px" />}>
          <WarningChart points={points} labels={labels} dayLabel={dayLabel} formatNumber={formatNumber} />
        </Suspense>
      </Box>
      <Table.Root size="sm" srOnly>
        <Table.Caption>{seriesNames[warning.rule]}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>Day</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>{labels.value}</Table.ColumnHeader>
            <Table.ColumnHeader>{labels.expected}</Table.ColumnHeader>
            <Table.ColumnHeader>{labels.band}</Table.ColumnHeader>
            <Table.ColumnHeader>{labels.flagged}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {points.map((p) => (
            <Table.Row key={p.day}>
              <Table.Cell>{formatDay(p.day, locale)}</Table.Cell>
              <Table.Cell>{p.value === null ? '–' : formatNumber(p.value)}</Table.Cell>
              <Table.Cell>{p.expected === null ? '–' : formatNumber(p.expected)}</Table.Cell>
              <Table.Cell>
                {p.low === null || p.high === null ? '–' : `${formatNumber(p.low)} – ${formatNumber(p.high)}`}
              </Table.Cell>
              <Table.Cell>{p.flagged ? labels.flagged : ''}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
