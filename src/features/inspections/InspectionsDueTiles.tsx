import { LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { numberFormat } from '../../data/i18n/intl-format';
import { LoadFailure } from '../../ui/LoadFailure';
import { DEFAULT_FILTER, type InspectionsSearch, inspectionDueCounts } from './inspection-due-filter';
import { useInspectionsDue } from './use-inspections-due';

function Tile({
  label,
  value,
  colour,
  search,
  testId,
}: {
  label: string;
  value: number | null;
  colour: string;
  search: InspectionsSearch;
  testId: string;
}) {
  const { i18n } = useLingui();
  return (
    <LinkBox
      as="li"
      borderWidth="1px"
      borderRadius="l2"
      padding="4"
      _hover={{ bg: 'bg.muted' }}
      data-testid={testId}
    >
      <LinkOverlay asChild>
        <RouterLink to="/apps/inspections" search={search}>
          <Text as="span" display="block" fontSize="sm" color="fg.muted">
            {label}
          </Text>
          <Text as="span" display="block" fontSize="2xl" fontWeight="bold" color={value ? colour : undefined}>
            {value === null ? '…' : numberFormat(i18n.locale).format(value)}
          </Text>
        </RouterLink>
      </LinkOverlay>
    </LinkBox>
  );
}

/**
 * The dashboard's "Inspections & defects" tiles: overdue defects, overdue inspections and those due
 * within 30 days, each a link to the inspections list filtered so. The same list as the page
 * (`useInspectionsDue`: the mirror, offline too, or `GET /inspections/due`, scoped to the lifts the
 * user sees).
 */
export function InspectionsDueTiles() {
  const { t } = useLingui();
  const due = useInspectionsDue(DEFAULT_FILTER.days);
  const counts = due.list ? inspectionDueCounts(due.list.items) : null;
  return (
    <Stack as="section" gap="3" aria-labelledby="inspections-due-heading">
      <Text as="h2" id="inspections-due-heading" fontSize="lg" fontWeight="semibold">
        <Trans>Inspections & defects</Trans>
      </Text>
      <LoadFailure error={due.error ?? null} />
      <SimpleGrid as="ul" columns={{ base: 1, sm: 3 }} gap="3" margin="0" padding="0" listStyleType="none">
        <Tile
          label={t`Overdue defects`}
          value={counts?.overdueDefects ?? null}
          colour="fg.error"
          search={{ kind: 'defect', status: 'overdue' }}
          testId="tile-overdue-defects"
        />
        <Tile
          label={t`Overdue inspections`}
          value={counts?.overdueInspections ?? null}
          colour="fg.error"
          search={{ kind: 'inspection', status: 'overdue' }}
          testId="tile-overdue-inspections"
        />
        <Tile
          label={t`Inspections due within 30 days`}
          value={counts?.soonInspections ?? null}
          colour="fg.warning"
          search={{ kind: 'inspection', status: 'soon' }}
          testId="tile-soon-inspections"
        />
      </SimpleGrid>
    </Stack>
  );
}
