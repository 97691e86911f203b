import { Badge, Box, chakra, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { PAGE_SIZE_DEFAULT } from '../../../contract/constants';
import { searchDescriptions } from '../../../contract/description-search';
import { HOUR_MS } from '../../../contract/time';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { descriptionTexts, findDescription } from '../../data/lookups/descriptions';
import { useLiftOptions } from '../../data/lookups/use-lift-options';
import { useDescriptionCatalog } from '../../data/mirror/use-mirror';
import { FilterSelect } from '../../ui/FilterSelect';
import { FormField } from '../../ui/FormField';
import { DescriptionText } from '../../ui/LiftBadges';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { Pagination } from '../../ui/Pagination';
import { ScrollBox } from '../../ui/ScrollBox';
import { useErrorEvents } from './use-error-events';

const RANGES = ['all', '24h', '7d', '30d', '90d'] as const;
type Range = (typeof RANGES)[number];
const RANGE_HOURS: Record<Exclude<Range, 'all'>, number> = { '24h': 24, '7d': 168, '30d': 720, '90d': 2160 };

/** Matches shown at once; the rest are counted, and a longer query narrows them. */
const LOOKUP_SHOWN = 8;

/**
 * Looks a code up by its number or by a word of its name, cause or remedy, in German or English,
 * in the catalogue the device holds (offline too): contract/description-search.ts.
 */
function CodeLookup() {
  const { t, i18n } = useLingui();
  const descriptions = useDescriptionCatalog();
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const matches = useMemo(
    () => (trimmed && descriptions ? searchDescriptions(descriptions, trimmed) : []),
    [descriptions, trimmed],
  );
  const shown = matches.slice(0, LOOKUP_SHOWN);
  return (
    <Stack
      as="section"
      gap="2"
      aria-labelledby="lookup-heading"
      borderWidth="1px"
      borderRadius="l2"
      padding="4"
    >
      <Text as="h2" id="lookup-heading" fontSize="lg" fontWeight="semibold">
        <Trans>Look up an error code</Trans>
      </Text>
      <Box maxWidth="sm">
        <FormField
          id="error-code-lookup"
          label={t`Code or word`}
          hint={t`A number, or a word of the name, cause or remedy, e.g. "door".`}
        >
          <Input type="search" autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} />
        </FormField>
      </Box>
      <Box aria-live="polite">
        {trimmed && descriptions && matches.length === 0 && (
          <Text color="fg.muted">
            <Trans>No description matches "{trimmed}".</Trans>
          </Text>
        )}
        {matches.length > LOOKUP_SHOWN && (
          <Text fontSize="sm" color="fg.muted" data-testid="code-more">
            {t`The first ${shown.length} of ${matches.length} matches; type more to narrow them down.`}
          </Text>
        )}
        {shown.map((d) => {
          const texts = descriptionTexts(d, i18n.locale);
          return (
            <Box key={d.id} paddingY="2" borderTopWidth="1px" data-testid="code-match">
              <Text fontWeight="semibold">
                {d.number} · <DescriptionText value={texts.name} />{' '}
                <Badge colorPalette={d.type === 'error' ? 'red' : 'blue'} variant="subtle">
                  {d.type === 'error' ? t`Error` : t`Info`}
                </Badge>
              </Text>
              {texts.cause.text && (
                <Text fontSize="sm" data-testid="code-cause">
                  <chakra.span fontWeight="medium">
                    <Trans>Cause:</Trans>
                  </chakra.span>{' '}
                  <DescriptionText value={texts.cause} />
                </Text>
              )}
              {texts.remedy.text && (
                <Text fontSize="sm" marginTop="1" data-testid="code-remedy">
                  <chakra.span fontWeight="medium">
                    <Trans>Remedy:</Trans>
                  </chakra.span>{' '}
                  <DescriptionText value={texts.remedy} />
                </Text>
              )}
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}

/** `/apps/errors`: error and info events of the user's lifts, and the code lookup. */
export function ErrorsPage() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const descriptions = useDescriptionCatalog();
  const liftOptions = useLiftOptions();
  const [liftId, setLiftId] = useState('');
  const [type, setType] = useState<'error' | 'info'>('error');
  const [codeInput, setCodeInput] = useState('');
  const [code, setCode] = useState('');
  const [range, setRange] = useState<Range>('7d');
  const [page, setPage] = useState(1);
  const from = useMemo(
    () => (range === 'all' ? undefined : new Date(Date.now() - RANGE_HOURS[range] * HOUR_MS).toISOString()),
    [range],
  );
  useEffect(() => {
    const timer = setTimeout(() => {
      setCode(/^\d{1,5}$/.test(codeInput.trim()) ? codeInput.trim() : '');
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [codeInput]);
  const messages = useErrorEvents({ liftId, type, code, from, page, pageSize: PAGE_SIZE_DEFAULT });
  const liftNames = new Map(liftOptions.map((lift) => [lift.id, lift.uid]));
  const rangeLabels: Record<Range, string> = {
    all: t`All time`,
    '24h': t`Last 24 hours`,
    '7d': t`Last 7 days`,
    '30d': t`Last 30 days`,
    '90d': t`Last 90 days`,
  };
  const list = messages.data?.messages ?? [];
  /** A filter change shows its first page. */
  const filterBy =
    <T extends string>(set: (value: T) => void) =>
    (value: string) => {
      set(value as T);
      setPage(1);
    };

  return (
    <Stack gap="5">
      <PageTitle title={t`Errors`} />
      <CodeLookup />
      <Stack as="section" gap="3" aria-labelledby="events-heading">
        <Text as="h2" id="events-heading" fontSize="lg" fontWeight="semibold">
          <Trans>Events</Trans>
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          <FilterSelect
            id="filter-lift"
            label={t`Lift`}
            value={liftId}
            onChange={filterBy(setLiftId)}
            options={[
              ['', t`All lifts`],
              ...liftOptions.map((lift): [string, string] => [lift.id, `${lift.uid} · ${lift.address}`]),
            ]}
          />
          <FilterSelect
            id="filter-type"
            label={t`Type`}
            value={type}
            onChange={filterBy<'error' | 'info'>(setType)}
            options={[
              ['error', t`Errors`],
              ['info', t`Infos`],
            ]}
          />
          <FilterSelect
            id="filter-range"
            label={t`Time range`}
            value={range}
            onChange={filterBy<Range>(setRange)}
            options={RANGES.map((r) => [r, rangeLabels[r]])}
          />
          <FormField id="filter-code" label={t`Code`}>
            <Input
              size="sm"
              inputMode="numeric"
              value={codeInput}
              onChange={(e) => setCodeInput(e.target.value)}
            />
          </FormField>
        </SimpleGrid>
        <LoadFailure error={messages.status === 'failed' ? messages.error : null} />
        <ScrollBox
          label={t`Events`}
          position="relative"
          borderWidth="1px"
          borderRadius="l2"
          aria-busy={messages.status === 'loading'}
        >
          <Table.Root size="sm">
            <Table.Caption srOnly>
              <Trans>Events</Trans>
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Time</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Lift</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Code</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Description</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Status</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Floor</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((message) => {
                const description = findDescription(descriptions, message.code);
                return (
                  <Table.Row key={message.id}>
                    <Table.Cell whiteSpace="nowrap">
                      {dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(
                        new Date(message.at),
                      )}
                    </Table.Cell>
                    <Table.Cell>{liftNames.get(message.liftId) ?? message.liftId}</Table.Cell>
                    <Table.Cell>{message.code ?? '—'}</Table.Cell>
                    <Table.Cell>
                      {description ? (
                        <DescriptionText value={descriptionTexts(description, locale).name} />
                      ) : (
                        '—'
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      {message.active === null ? '—' : message.active ? t`Raised` : t`Cleared`}
                    </Table.Cell>
                    <Table.Cell>{message.floor ?? '—'}</Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
          {messages.status === 'loading' && list.length === 0 && <Loading />}
          {messages.status === 'ready' && list.length === 0 && (
            <Text padding="4" textAlign="center" color="fg.muted">
              <Trans>No events found.</Trans>
            </Text>
          )}
        </ScrollBox>
        <Pagination
          page={page}
          pageSize={PAGE_SIZE_DEFAULT}
          count={messages.data?.count ?? 0}
          countCapped={messages.data?.countCapped ?? false}
          onPage={setPage}
        />
      </Stack>
    </Stack>
  );
}
