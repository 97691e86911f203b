import { Badge, Box, Button, HStack, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { simsApi } from '../../../contract/api/sims';
import { PAGE_SIZE_DEFAULT } from '../../../contract/constants';
import type { Sim, SimRefreshState } from '../../../contract/schemas/sim';
import { call } from '../../data/http';
import { relativeTime } from '../../data/relative-time';
import { usePagedSearch } from '../../data/use-paged-search';
import { Checkbox } from '../../ui/Checkbox';
import { reportSaveError } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { Pagination } from '../../ui/Pagination';
import { Bar, LEVEL_PALETTE, LevelText, QuotaBar } from './QuotaBar';
import { useSimSession } from './sim-session';
import { TopupButton } from './TopupButton';
import { useSimLoad } from './use-sim-load';

const REFRESH_POLL_MS = 500;

function SimLink({ iccid }: { iccid: string }) {
  return (
    <Link asChild colorPalette="blue" fontFamily="mono" fontSize="sm">
      <RouterLink to="/apps/simcard/sim/{-$iccid}" params={{ iccid }}>
        {iccid}
      </RouterLink>
    </Link>
  );
}

function LiftLink({ sim }: { sim: Sim }) {
  if (!sim.lift) {
    return (
      <Text color="fg.muted" fontSize="sm">
        <Trans>No lift</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="0">
      <Link asChild colorPalette="blue" fontWeight="medium">
        <RouterLink to="/apps/lift/lifts/$liftId/{-$deviceId}" params={{ liftId: sim.lift.id }}>
          {sim.lift.uid}
        </RouterLink>
      </Link>
      <Text fontSize="xs" color="fg.muted">
        {sim.lift.address}
      </Text>
    </Stack>
  );
}

function StatusBadge({ sim }: { sim: Sim }) {
  return (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={sim.status === 'Enabled' ? 'green' : 'gray'} variant="subtle">
        {sim.status === 'Enabled' ? <Trans>Enabled</Trans> : <Trans>Disabled</Trans>}
      </Badge>
      {sim.level && sim.level !== 'sufficient' && (
        <Badge colorPalette={LEVEL_PALETTE[sim.level]} variant="solid">
          <LevelText level={sim.level} />
        </Badge>
      )}
    </HStack>
  );
}

/** `/apps/simcard/sims`: the SIM cards as last synced, searched and paged, with a refresh from the provider. */
export function SimsListPage() {
  const { t, i18n } = useLingui();
  const { token, refused } = useSimSession();
  const { searchInput, setSearchInput, search, page, setPage } = usePagedSearch();
  const [lowOnly, setLowOnly] = useState(false);
  const [refresh, setRefresh] = useState<SimRefreshState | null>(null);

  const load = useCallback(
    () =>
      call(simsApi.list, {
        body: { access_token: token ?? '', page, pageSize: PAGE_SIZE_DEFAULT, search, lowOnly },
      }),
    [token, page, search, lowOnly],
  );
  const state = useSimLoad(token ? load : null, JSON.stringify([page, search, lowOnly]), refused);
  const { reload } = state;

  // While a refresh runs, its progress is polled; when it ends the list reloads.
  const running = refresh?.running === true;
  useEffect(() => {
    if (!running || !token) return;
    const timer = setInterval(() => {
      call(simsApi.refreshState, { query: { access_token: token } }).then(
        (next) => {
          setRefresh(next);
          if (!next.running) reload();
        },
        (error: unknown) => {
          if (!refused(error)) setRefresh(null);
        },
      );
    }, REFRESH_POLL_MS);
    return () => clearInterval(timer);
  }, [running, token, reload, refused]);

  async function startRefresh() {
    if (!token) return;
    try {
      const started = await call(simsApi.refresh, { body: { access_token: token } });
      setRefresh(started);
      if (!started.running) reload();
    } catch (error) {
      if (!refused(error)) reportSaveError(error, i18n);
    }
  }

  if (!token) return <Loading />;
  const sims = state.data?.sims ?? [];
  const count = state.data?.count ?? 0;
  const topupConfigured = state.data?.topupConfigured ?? false;
  const synced = (sim: Sim) =>
    sim.lastSyncedAt ? relativeTime(i18n, sim.lastSyncedAt, new Date(), { past: true }) : t`never`;
  const percent = refresh && refresh.total > 0 ? Math.round((refresh.done / refresh.total) * 100) : null;
  const topupOffer = state.data?.topupOffer;
  const topup = (sim: Sim) =>
    topupOffer && (sim.level === 'low' || sim.level === 'empty') ? (
      <TopupButton
        iccid={sim.iccid}
        token={token}
        configured={topupConfigured}
        offer={topupOffer}
        refused={refused}
        onRequested={reload}
        size="xs"
      />
    ) : null;

  return (
    <Stack gap="4">
      <PageTitle title={t`SIM cards`} />
      <HStack justify="space-between" wrap="wrap" gap="3" align="flex-end">
        <Box as="label" display="flex" flexDirection="column" gap="1.5" maxWidth="sm" width="full">
          <Text fontSize="sm" fontWeight="medium">
            <Trans>Search SIM cards</Trans>
          </Text>
          <Input
            type="search"
            value={searchInput}
            placeholder={t`ICCID, IMSI, MSISDN, IP address or lift`}
            onChange={(event) => setSearchInput(event.target.value)}
          />
        </Box>
        <HStack gap="3" wrap="wrap">
          <HStack as="label" gap="2" fontSize="sm" cursor="pointer">
            <Checkbox
              checked={lowOnly}
              onChange={() => {
                setLowOnly((value) => !value);
                setPage(1);
              }}
            />
            <Trans>Only low and empty cards</Trans>
          </HStack>
          <Button onClick={() => void startRefresh()} loading={running} loadingText={t`Refreshing…`}>
            <RefreshCw aria-hidden="true" />
            <Trans>Refresh from provider</Trans>
          </Button>
        </HStack>
      </HStack>

      {refresh && (running || refresh.error) && (
        <Stack gap="1" role="status">
          {running && <Bar value={percent} palette="blue" label={t`Refreshing the SIM cards`} />}
          <Text fontSize="sm" color={refresh.error ? 'fg.error' : 'fg.muted'}>
            {running
              ? refresh.total > 0
                ? t`Refreshing: ${refresh.done} of ${refresh.total} cards`
                : t`Refreshing: reading the card list…`
              : refresh.error}
          </Text>
        </Stack>
      )}

      <LoadFailure error={state.status === 'failed' ? state.error : null} />

      {/* Cards on narrow screens, a table from md: no sideways scrolling at 360 px. */}
      <Stack gap="3" hideFrom="md" aria-busy={state.status === 'loading'}>
        {sims.map((sim) => (
          <Box key={sim.iccid} borderWidth="1px" borderRadius="l2" padding="3">
            <Stack gap="2">
              <SimLink iccid={sim.iccid} />
              <StatusBadge sim={sim} />
              <QuotaBar left={sim.dataLeftMb} total={sim.dataTotalMb} level={sim.level} />
              <Text fontSize="sm">
                <Trans>
                  SMS: {sim.smsLeft ?? '–'} of {sim.smsTotal ?? '–'}
                </Trans>
              </Text>
              <LiftLink sim={sim} />
              <Text fontSize="xs" color="fg.muted">
                <Trans>Synced {synced(sim)}</Trans>
              </Text>
              {topup(sim)}
            </Stack>
          </Box>
        ))}
      </Stack>

      <Box
        hideBelow="md"
        overflowX="auto"
        borderWidth="1px"
        borderRadius="l2"
        aria-busy={state.status === 'loading'}
      >
        <Table.Root size="sm">
          <Table.Caption srOnly>
            <Trans>SIM cards</Trans>
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>ICCID</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Status</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Data quota</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>SMS quota</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Lift</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Last synced</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {sims.map((sim) => (
              <Table.Row key={sim.iccid} data-level={sim.level ?? undefined}>
                <Table.Cell>
                  <SimLink iccid={sim.iccid} />
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge sim={sim} />
                </Table.Cell>
                <Table.Cell minWidth="44">
                  <Stack gap="2">
                    <QuotaBar left={sim.dataLeftMb} total={sim.dataTotalMb} level={sim.level} />
                    {topup(sim)}
                  </Stack>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {sim.smsLeft ?? '–'} / {sim.smsTotal ?? '–'}
                </Table.Cell>
                <Table.Cell>
                  <LiftLink sim={sim} />
                </Table.Cell>
                <Table.Cell fontSize="sm">{synced(sim)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {state.status === 'loading' && sims.length === 0 && <Loading />}
      {state.status === 'ready' && sims.length === 0 && (
        <Text padding="6" textAlign="center" color="fg.muted">
          <Trans>No SIM cards found.</Trans>
        </Text>
      )}

      <Pagination page={page} pageSize={PAGE_SIZE_DEFAULT} count={count} onPage={setPage} />
    </Stack>
  );
}
