import { Badge, Box, Button, HStack, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import type { InspectionDueKind } from '../../../contract/inspection-rules';
import type { InspectionDueItem } from '../../../contract/schemas/inspection';
import { sheetLanguageOf } from '../../../contract/spreadsheet';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { type ExportSheet, exportCsv, exportXlsx } from '../../data/sheet-export';
import { FilterSelect } from '../../ui/FilterSelect';
import { FormField } from '../../ui/FormField';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import {
  DEFAULT_FILTER,
  DUE_WINDOWS,
  type DueKindFilter,
  type DueStatusFilter,
  type DueWindow,
  daysUntil,
  filterInspectionDue,
  type InspectionsFilter,
  type InspectionsSearch,
  inspectionsSearchOf,
} from './inspection-due-filter';
import { useInspectionsDue } from './use-inspections-due';

function useDueLabels() {
  const { t } = useLingui();
  const kinds: Record<InspectionDueKind, string> = {
    main: t`Main inspection`,
    intermediate: t`Intermediate inspection`,
    defect: t`Defect`,
  };
  const badge = (today: string, dueOn: string) => {
    const days = daysUntil(today, dueOn);
    if (days < 0) return t`${plural(-days, { one: 'Overdue by # day', other: 'Overdue by # days' })}`;
    if (days === 0) return t`Due today`;
    return t`${plural(days, { one: 'Due in # day', other: 'Due in # days' })}`;
  };
  return { kinds, badge };
}

/**
 * `/apps/inspections`: statutory inspections and defect deadlines overdue or due soon across the
 * lifts the user sees (docs/inspections.md#across-lifts), filtered by kind, status, window and lift,
 * with an export of the rows shown. From the mirror, offline too (`useInspectionsDue`).
 */
export function InspectionsPage({
  search,
  onSearch,
}: {
  search: InspectionsSearch;
  onSearch: (next: InspectionsSearch) => void;
}) {
  const { t, i18n } = useLingui();
  const filter: InspectionsFilter = { ...DEFAULT_FILTER, ...search };
  const due = useInspectionsDue(filter.days);
  const labels = useDueLabels();
  const set = (change: Partial<InspectionsFilter>) => onSearch(inspectionsSearchOf({ ...filter, ...change }));
  const list = due.list;
  const rows = list ? filterInspectionDue(list.items, filter) : [];
  const day = (value: string) =>
    dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${value}T00:00:00Z`),
    );

  const sheet = (): ExportSheet[] => [
    {
      name: t`Inspections`,
      header: [t`What`, t`Defect`, t`Dangerous`, t`Lift`, t`Address`, t`Due on`, t`Status`],
      rows: rows.map((item) => [
        labels.kinds[item.kind],
        item.text,
        item.dangerous ? t`Yes` : null,
        item.liftUid,
        item.liftAddress,
        item.dueOn,
        list ? labels.badge(list.today, item.dueOn) : null,
      ]),
    },
  ];
  const fileName = (ext: string) => `${t`inspections`}-${list?.today ?? ''}.${ext}`;

  return (
    <Stack gap="4">
      <PageTitle title={t`Inspections`} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <FilterSelect
          id="inspections-kind"
          label={t`What`}
          value={filter.kind}
          onChange={(kind) => set({ kind: kind as DueKindFilter })}
          options={[
            ['all', t`Everything`],
            ['inspection', t`Main and intermediate inspections`],
            ['main', t`Main inspections`],
            ['intermediate', t`Intermediate inspections`],
            ['defect', t`Defects`],
          ]}
        />
        <FilterSelect
          id="inspections-status"
          label={t`Status`}
          value={filter.status}
          onChange={(status) => set({ status: status as DueStatusFilter })}
          options={[
            ['all', t`Overdue and due soon`],
            ['overdue', t`Overdue`],
            ['soon', t`Due soon`],
          ]}
        />
        <FilterSelect
          id="inspections-window"
          label={t`Due within`}
          value={String(filter.days)}
          onChange={(days) => set({ days: Number(days) as DueWindow })}
          options={DUE_WINDOWS.map((days): [string, string] => [
            String(days),
            t`${plural(days, { one: '# day', other: '# days' })}`,
          ])}
        />
        <FormField id="inspections-search" label={t`Lift number or address`}>
          <Input
            size="sm"
            type="search"
            value={filter.q}
            onChange={(event) => set({ q: event.target.value })}
          />
        </FormField>
      </SimpleGrid>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="fg.muted" aria-live="polite" data-testid="inspections-count">
          {list
            ? t`${plural(rows.length, { one: '# entry', other: '# entries' })} of ${list.items.length}`
            : null}
        </Text>
        {list && (
          <HStack gap="2">
            <Button
              size="sm"
              variant="outline"
              disabled={rows.length === 0}
              onClick={() => exportCsv(sheet(), fileName('csv'), sheetLanguageOf(i18n.locale))}
            >
              <Download aria-hidden="true" />
              <Trans>CSV</Trans>
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={rows.length === 0}
              onClick={() => void exportXlsx(sheet(), fileName('xlsx'))}
            >
              <Download aria-hidden="true" />
              <Trans>XLSX</Trans>
            </Button>
          </HStack>
        )}
      </HStack>
      <LoadFailure error={due.error ?? null} />
      {!list && !due.error && <Loading />}
      {list && rows.length === 0 && (
        <Text color="fg.muted">
          <Trans>Nothing is overdue or due in this window.</Trans>
        </Text>
      )}
      {list && rows.length > 0 && (
        <Stack
          as="ul"
          gap="2"
          margin="0"
          padding="0"
          listStyleType="none"
          aria-label={t`Inspections and defects due`}
          data-testid="inspections-list"
        >
          {rows.map((item) => (
            <DueRow
              key={item.key}
              item={item}
              what={labels.kinds[item.kind]}
              badge={labels.badge(list.today, item.dueOn)}
              day={day(item.dueOn)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function DueRow({
  item,
  what,
  badge,
  day,
}: {
  item: InspectionDueItem;
  what: string;
  badge: string;
  day: string;
}) {
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="l2"
      padding="3"
      borderColor={item.status === 'overdue' ? 'border.error' : undefined}
      data-key={item.key}
    >
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="2">
        <Stack gap="1" minWidth="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{item.kind === 'defect' ? `${what}: ${item.text ?? ''}` : what}</Text>
            {item.dangerous && (
              <Badge colorPalette="red" variant="solid">
                <Trans>Dangerous: out of service</Trans>
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" overflowWrap="anywhere">
            <Link asChild colorPalette="blue" fontWeight="medium">
              <RouterLink
                to="/apps/lift/lifts/$liftId/{-$deviceId}"
                params={{ liftId: item.liftId }}
                hash="inspections"
              >
                {item.liftUid}
              </RouterLink>
            </Link>
            {item.liftAddress ? ` · ${item.liftAddress}` : ''}
          </Text>
        </Stack>
        <Stack gap="1" align={{ base: 'start', md: 'end' }} flexShrink="0">
          <Badge colorPalette={item.status === 'overdue' ? 'red' : 'orange'} variant="solid">
            {badge}
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            <Trans>Due on {day}</Trans>
          </Text>
        </Stack>
      </Stack>
    </Box>
  );
}
