import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { simsApi } from '../../../contract/api/sims';
import { PAGE_SIZE_DEFAULT } from '../../../contract/constants';
import type { Sim } from '../../../contract/schemas/sim';
import { usePagedSearch } from '../../data/api/use-paged-search';
import { relativeTime } from '../../data/i18n/relative-time';
import { Checkbox } from '../../ui/Checkbox';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { Pagination } from '../../ui/Pagination';
import { RefreshProgress } from './RefreshProgress';
import { SimCardList } from './SimCardList';
import { SimTable } from './SimTable';
import { useSimSession } from './sim-session';
import { TopupButton } from './TopupButton';
import { useSimQuery } from './use-sim-query';
import { useSimRefresh } from './use-sim-refresh';

/** `/apps/simcard/sims`: the SIM cards as last synced, searched and paged, with a refresh from the provider. */
export function SimsListPage() {
  const { t, i18n } = useLingui();
  const { token, refused } = useSimSession();
  const { searchInput, setSearchInput, search, page, setPage } = usePagedSearch();
  const [lowOnly, setLowOnly] = useState(false);
  const state = useSimQuery(
    simsApi.list,
    token ? { body: { access_token: token, page, pageSize: PAGE_SIZE_DEFAULT, search, lowOnly } } : null,
    refused,
  );
  const { refresh, running, startRefresh } = useSimRefresh(token, refused, state);

  if (!token) return <Loading />;
  const sims = state.data?.sims ?? [];
  const topupOffer = state.data?.topupOffer;
  const synced = (sim: Sim) =>
    sim.lastSyncedAt ? relativeTime(i18n, sim.lastSyncedAt, new Date(), { past: true }) : t`never`;
  const topup = (sim: Sim) =>
    topupOffer && (sim.level === 'low' || sim.level === 'empty') ? (
      <TopupButton
        iccid={sim.iccid}
        token={token}
        configured={state.data?.topupConfigured ?? false}
        offer={topupOffer}
        refused={refused}
        onRequested={state.reload}
        size="xs"
      />
    ) : null;
  const busy = state.status === 'loading';

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

      {refresh && <RefreshProgress refresh={refresh} />}

      <LoadFailure error={state.status === 'failed' ? state.error : null} />

      <SimCardList sims={sims} busy={busy} synced={synced} topup={topup} />
      <SimTable sims={sims} busy={busy} synced={synced} topup={topup} />
      {busy && sims.length === 0 && <Loading />}
      {state.status === 'ready' && sims.length === 0 && (
        <Text padding="6" textAlign="center" color="fg.muted">
          <Trans>No SIM cards found.</Trans>
        </Text>
      )}

      <Pagination page={page} pageSize={PAGE_SIZE_DEFAULT} count={state.data?.count ?? 0} onPage={setPage} />
    </Stack>
  );
}
