import {
  Badge,
  Box,
  Button,
  HStack,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { analyticsApi } from '../../../contract/api/analytics';
import { maintenanceApi } from '../../../contract/api/maintenance';
import { addDays, berlinDay } from '../../../contract/maintenance';
import {
  ANALYTICS_RANGES,
  type AnalyticsAnswer,
  type AnalyticsRange,
} from '../../../contract/schemas/analytics';
import { sheetLanguageOf } from '../../../contract/spreadsheet';
import { useApiQuery } from '../../data/api/use-api';
import { dateTimeFormat, numberFormat } from '../../data/i18n/intl-format';
import { type ExportSheet, exportCsv, exportXlsx } from '../../data/sheet-export';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { ScrollBox } from '../../ui/ScrollBox';
import { TrendChart } from './TrendChart';

type View = AnalyticsRange | 'DTM';
const VIEWS: readonly View[] = [...ANALYTICS_RANGES, 'DTM'];

function Figure({ label, value, change }: { label: string; value: string; change?: ReactNode }) {
  return (
    <Box borderWidth="1px" borderRadius="l2" padding="3" minWidth="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="bold">
        {value}
      </Text>
      {change && (
        <Text fontSize="xs" color="fg.muted">
          {change}
        </Text>
      )}
    </Box>
  );
}

/** A table of the numbers (the chart's, for screen readers and for reading); `numeric` columns align right. */
function NumbersTable({
  caption,
  header,
  rows,
  numeric,
}: {
  caption: string;
  header: string[];
  rows: ReactNode[][];
  numeric: readonly number[];
}) {
  return (
    <ScrollBox label={caption} borderWidth="1px" borderRadius="l2" maxHeight="96" overflowY="auto">
      <Table.Root size="sm" stickyHeader>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {header.map((label, index) => (
              <Table.ColumnHeader key={label} textAlign={numeric.includes(index) ? 'end' : 'start'}>
                {label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions of a fixed answer
            <Table.Row key={rowIndex}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                <Table.Cell key={index} textAlign={numeric.includes(index) ? 'end' : 'start'}>
                  {cell}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollBox>
  );
}

/** Lifts falling due tomorrow (DTM): the maintenance list, scoped like every list. */
function DueTomorrow() {
  const { t, i18n } = useLingui();
  const state = useApiQuery(maintenanceApi.due, { query: { days: 1 } });
  const tomorrow = addDays(berlinDay(), 1);
  const items = (state.data?.items ?? []).filter((item) => item.dueOn === tomorrow);
  const day = dateTimeFormat(i18n.locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${tomorrow}T00:00:00Z`),
  );
  return (
    <Stack gap="3">
      <Text>
        <Trans>Lifts that fall due for maintenance tomorrow, {day}.</Trans>
      </Text>
      <LoadFailure error={state.status === 'failed' ? state.error : null} />
      {!state.data && state.status === 'loading' && <Loading />}
      {state.data && items.length === 0 && (
        <Text color="fg.muted">
          <Trans>No lift falls due tomorrow.</Trans>
        </Text>
      )}
      {items.length > 0 && (
        <NumbersTable
          caption={t`Due tomorrow`}
          header={[t`ID`, t`Address`, t`Trips left`, t`Hours left`]}
          numeric={[2, 3]}
          rows={items.map((item) => [
            <Link asChild colorPalette="blue" key={item.liftId}>
              <RouterLink to="/apps/lift/lifts/$liftId/{-$deviceId}" params={{ liftId: item.liftId }}>
                {item.uid}
              </RouterLink>
            </Link>,
            item.address,
            item.tripsLeft,
            item.hoursLeft,
          ])}
        />
      )}
    </Stack>
  );
}

/** `/apps/dashboards/analytics`: figures from the roll-ups of the lifts the user sees (docs/analytics.md). */
export function AnalyticsPage() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const [view, setView] = useState<View>('7D');
  const range = view === 'DTM' ? null : view;
  const state = useApiQuery(analyticsApi.get, range ? { query: { range } } : null);
  const data = range ? state.data : null;

  const labels: Record<View, string> = {
    DT: t`Today`,
    DY: t`Yesterday`,
    '7D': t`Last 7 days`,
    '28D': t`Last 28 days`,
    '90D': t`Last 90 days`,
    TW: t`This week`,
    LW: t`Last week`,
    '2W': t`2 weeks ago`,
    DTM: t`Due tomorrow`,
  };
  const number = (value: number, digits = 1) =>
    numberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const percent = (value: number) =>
    numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value);
  const change = (now: number, before: number) => {
    if (before === 0) return now === 0 ? t`same as the period before` : t`none in the period before`;
    const ratio = (now - before) / before;
    return t`${numberFormat(locale, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 0 }).format(ratio)} against the period before`;
  };
  const pointLabel = (answer: AnalyticsAnswer, at: string) =>
    answer.bucket === 'hour'
      ? dateTimeFormat(locale, {
          hour: '2-digit',
          minute: '2-digit',
          timeZone: answer.timeZone,
        }).format(new Date(at))
      : dateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
          new Date(`${at}T00:00:00Z`),
        );

  const sheets = useMemo((): ExportSheet[] => {
    if (!data) return [];
    const na = null;
    return [
      {
        name: t`Figures`,
        header: [t`Figure`, t`This period`, t`Period before`],
        rows: [
          [t`Lifts`, data.lifts, data.lifts],
          [t`Trips`, data.totals.trips, data.previous.trips],
          [t`Operating hours`, data.totals.operatingHours, data.previous.operatingHours],
          [
            t`Availability (%)`,
            Math.round(data.totals.availability * 10000) / 100,
            Math.round(data.previous.availability * 10000) / 100,
          ],
          [t`Downtime (hours)`, data.totals.downtimeHours, data.previous.downtimeHours],
          [t`Faults`, data.totals.faults, data.previous.faults],
          [t`Mean time between faults (hours)`, data.totals.mtbfHours ?? na, data.previous.mtbfHours ?? na],
          [t`Mean time to repair (minutes)`, data.totals.mttrMinutes ?? na, data.previous.mttrMinutes ?? na],
        ],
      },
      {
        name: t`Over time`,
        header: [data.bucket === 'hour' ? t`Hour` : t`Day`, t`Trips`, t`Operating hours`, t`Faults`],
        rows: data.series.map((point) => [point.at, point.trips, point.operatingHours, point.faults]),
      },
      {
        name: t`Error codes`,
        header: [t`Code`, t`Description`, t`Faults`],
        rows: data.topCodes.map((code) => [
          code.code,
          (locale === 'de' ? code.nameDE : code.name) ?? '',
          code.faults,
        ]),
      },
      {
        name: t`Lifts by faults`,
        header: [t`ID`, t`Address`, t`Faults`, t`Trips`, t`Downtime (hours)`],
        rows: data.ranking.map((row) => [row.uid, row.address, row.faults, row.trips, row.downtimeHours]),
      },
    ];
  }, [data, t, locale]);
  const fileName = (ext: string) => `analytics-${view}-${berlinDay()}.${ext}`;

  return (
    <Stack gap="5">
      <PageTitle title={t`Analytics`} />
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Box as="label" display="flex" alignItems="center" gap="2">
          <Text fontSize="sm">
            <Trans>Time range</Trans>
          </Text>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field value={view} onChange={(event) => setView(event.target.value as View)}>
              {VIEWS.map((value) => (
                <option key={value} value={value}>
                  {labels[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        {data && (
          <HStack gap="2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => exportCsv(sheets, fileName('csv'), sheetLanguageOf(i18n.locale))}
            >
              <Download aria-hidden="true" />
              <Trans>CSV</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => void exportXlsx(sheets, fileName('xlsx'))}>
              <Download aria-hidden="true" />
              <Trans>XLSX</Trans>
            </Button>
          </HStack>
        )}
      </HStack>

      {view === 'DTM' && <DueTomorrow />}
      {range && <LoadFailure error={state.status === 'failed' ? state.error : null} />}
      {range && !data && state.status === 'loading' && <Loading />}
      {data && (
        <>
          <Text fontSize="sm" color="fg.muted">
            <Trans>
              {data.lifts} lifts, {labels[data.range]}, times in {data.timeZone}
            </Trans>
          </Text>
          <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3">
            <Figure
              label={t`Trips`}
              value={number(data.totals.trips, 0)}
              change={change(data.totals.trips, data.previous.trips)}
            />
            <Figure
              label={t`Operating hours`}
              value={number(data.totals.operatingHours)}
              change={change(data.totals.operatingHours, data.previous.operatingHours)}
            />
            <Figure
              label={t`Availability`}
              value={percent(data.totals.availability)}
              change={t`before: ${percent(data.previous.availability)}`}
            />
            <Figure
              label={t`Faults`}
              value={number(data.totals.faults, 0)}
              change={change(data.totals.faults, data.previous.faults)}
            />
            <Figure
              label={t`Mean time between faults`}
              value={data.totals.mtbfHours === null ? '—' : t`${number(data.totals.mtbfHours)} h`}
            />
            <Figure
              label={t`Mean time to repair`}
              value={data.totals.mttrMinutes === null ? '—' : t`${number(data.totals.mttrMinutes)} min`}
            />
          </SimpleGrid>

          <Stack as="section" gap="3" aria-labelledby="trend-heading">
            <Text as="h2" id="trend-heading" fontSize="lg" fontWeight="semibold">
              <Trans>Trips, operating hours and faults over time</Trans>
            </Text>
            <TrendChart
              formatNumber={(value) => number(value)}
              labels={data.series.map((point) => pointLabel(data, point.at))}
              series={[
                { name: t`Trips`, kind: 'bar', values: data.series.map((p) => p.trips), colour: '#3182ce' },
                {
                  name: t`Faults`,
                  kind: 'line',
                  values: data.series.map((p) => p.faults),
                  secondAxis: true,
                  colour: '#e53e3e',
                },
              ]}
            />
            <NumbersTable
              caption={t`Trips, operating hours and faults over time`}
              header={[data.bucket === 'hour' ? t`Hour` : t`Day`, t`Trips`, t`Operating hours`, t`Faults`]}
              numeric={[1, 2, 3]}
              rows={data.series.map((point) => [
                pointLabel(data, point.at),
                number(point.trips, 0),
                number(point.operatingHours),
                number(point.faults, 0),
              ])}
            />
          </Stack>

          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
            <Stack as="section" gap="3" aria-labelledby="codes-heading" minWidth="0">
              <Text as="h2" id="codes-heading" fontSize="lg" fontWeight="semibold">
                <Trans>Most frequent error codes</Trans>
              </Text>
              {data.topCodes.length === 0 ? (
                <Text color="fg.muted">
                  <Trans>No faults in this period.</Trans>
                </Text>
              ) : (
                <>
                  <TrendChart
                    horizontal
                    formatNumber={(value) => number(value)}
                    height={Math.max(160, data.topCodes.length * 32 + 48)}
                    labels={data.topCodes.map((code) => String(code.code))}
                    series={[
                      {
                        name: t`Faults`,
                        kind: 'bar',
                        values: data.topCodes.map((c) => c.faults),
                        colour: '#dd6b20',
                      },
                    ]}
                  />
                  <NumbersTable
                    caption={t`Most frequent error codes`}
                    header={[t`Code`, t`Description`, t`Faults`]}
                    numeric={[2]}
                    rows={data.topCodes.map((code) => [
                      code.code,
                      (locale === 'de' ? code.nameDE : code.name) ?? '—',
                      number(code.faults, 0),
                    ])}
                  />
                </>
              )}
            </Stack>
            <Stack as="section" gap="3" aria-labelledby="ranking-heading" minWidth="0">
              <Text as="h2" id="ranking-heading" fontSize="lg" fontWeight="semibold">
                <Trans>Lifts with the most faults</Trans>
              </Text>
              {data.ranking.length === 0 ? (
                <Text color="fg.muted">
                  <Trans>No faults in this period.</Trans>
                </Text>
              ) : (
                <NumbersTable
                  caption={t`Lifts with the most faults`}
                  header={[t`ID`, t`Faults`, t`Trips`, t`Downtime`]}
                  numeric={[1, 2, 3]}
                  rows={data.ranking.map((row) => [
                    <Stack gap="0" key={row.liftId}>
                      <Link asChild colorPalette="blue" fontWeight="medium">
                        <RouterLink
                          to="/apps/lift/lifts/$liftId/{-$deviceId}"
                          params={{ liftId: row.liftId }}
                        >
                          {row.uid}
                        </RouterLink>
                      </Link>
                      <Text fontSize="xs" color="fg.muted">
                        {row.address}
                      </Text>
                    </Stack>,
                    <Badge key="faults" colorPalette="red" variant="subtle">
                      {number(row.faults, 0)}
                    </Badge>,
                    number(row.trips, 0),
                    t`${number(row.downtimeHours)} h`,
                  ])}
                />
              )}
            </Stack>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
