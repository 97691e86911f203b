import '../../ui/tabs-recipe';
import { Box, Input, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { outboxApi } from '../../../contract/api/outbox';
import {
  OUTBOX_CHANNELS,
  OUTBOX_KINDS,
  OUTBOX_STATES,
  type OutboxChannel,
  type OutboxItem,
  type OutboxKind,
  type OutboxState,
} from '../../../contract/schemas/outbox';
import { useApiQuery } from '../../data/api/use-api';
import { useApiMutation } from '../../data/api/use-api-mutation';
import { ConfirmDialog } from '../../ui/AppDialog';
import { FilterSelect } from '../../ui/FilterSelect';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { LoadFailure } from '../../ui/LoadFailure';
import { NeedsConnection } from '../../ui/NeedsConnection';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { OutboxMessageCard, recipientText } from './OutboxMessageCard';
import { CHANNEL_LABELS, KIND_LABELS, STATE_LABELS } from './outbox-labels';
import { useFollowUnderWay } from './use-follow-under-way';
import { useNow } from './use-now';

type StateTab = OutboxState | 'all';
const TABS: readonly StateTab[] = ['all', ...OUTBOX_STATES];

/**
 * `/apps/outbox` (admins): every mail, SMS and push the portal sends (docs/outbox.md), newest
 * first, by state, channel, kind and a search of recipient and subject; failed ones are sent again.
 */
export function OutboxPage() {
  const { t, i18n } = useLingui();
  const now = useNow();
  const [state, setState] = useState<StateTab>('all');
  const [channel, setChannel] = useState<OutboxChannel | ''>('');
  const [kind, setKind] = useState<OutboxKind | ''>('');
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), 300);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const list = useApiQuery(outboxApi.list, {
    query: {
      state: state === 'all' ? undefined : state,
      channel: channel || undefined,
      kind: kind || undefined,
      search: search || undefined,
    },
  });
  const messages = list.data?.messages ?? [];
  useFollowUnderWay(list, messages);

  const retry = useApiMutation(outboxApi.retry, { reloads: [list] });
  const [confirming, setConfirming] = useState<OutboxItem | null>(null);
  async function sendAgain(item: OutboxItem) {
    try {
      const again = await retry.mutate(
        { params: { id: item.id } },
        // One key per failure: a repeat of this request (a lost answer) sends nothing twice.
        { headers: { 'Idempotency-Key': `outbox-retry-${item.id}-${item.failedAt ?? ''}` } },
      );
      list.setData((current) =>
        current
          ? { ...current, messages: current.messages.map((m) => (m.id === again.id ? again : m)) }
          : current,
      );
      showToast('success', t`The message is being sent again.`);
      setConfirming(null);
    } catch (error) {
      reportSaveError(error, i18n);
    }
  }

  const counts = list.data?.counts;
  const countOf = (tab: StateTab) =>
    counts ? (tab === 'all' ? OUTBOX_STATES.reduce((sum, s) => sum + counts[s], 0) : counts[tab]) : null;
  const tabLabel = (tab: StateTab) => (tab === 'all' ? t`All` : i18n._(STATE_LABELS[tab]));

  return (
    <Stack gap="4">
      <PageTitle title={t`Outbox`} />
      <NeedsConnection />
      <Text color="fg.muted">
        <Trans>
          Every mail, SMS and push notification the portal sends. Messages that could not be delivered are
          tried again by themselves; failed ones can be sent again here.
        </Trans>
      </Text>
      <Tabs.Root value={state} onValueChange={(details) => setState(details.value as StateTab)} size="sm">
        <Tabs.List display="flex" flexWrap="wrap" width="full" aria-label={t`State`}>
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} flexGrow={{ base: 1, md: 0 }} justifyContent="center">
              {tabLabel(tab)}
              {countOf(tab) !== null && (
                <Text as="span" color="fg.muted" fontVariantNumeric="tabular-nums">
                  {' '}
                  ({countOf(tab)})
                </Text>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* The filters and the list are the selected tab's panel, the one its tab names (`aria-controls`). */}
        <Tabs.Content value={state}>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
              <FilterSelect
                id="outbox-channel"
                label={t`Channel`}
                value={channel}
                onChange={(v) => setChannel(v as OutboxChannel | '')}
                options={[
                  ['', t`All channels`],
                  ...OUTBOX_CHANNELS.map((c): [string, string] => [c, i18n._(CHANNEL_LABELS[c])]),
                ]}
              />
              <FilterSelect
                id="outbox-kind"
                label={t`Kind`}
                value={kind}
                onChange={(v) => setKind(v as OutboxKind | '')}
                options={[
                  ['', t`All kinds`],
                  ...OUTBOX_KINDS.map((k): [string, string] => [k, i18n._(KIND_LABELS[k])]),
                ]}
              />
              <FormField id="outbox-search" label={t`Search recipient or subject`}>
                <Input
                  size="sm"
                  type="search"
                  value={searchInput}
                  onChange={(e) => setSearchInput(e.target.value)}
                />
              </FormField>
            </SimpleGrid>
            <LoadFailure error={list.status === 'failed' ? list.error : null} />
            <Box aria-live="polite" aria-busy={list.status === 'loading' && list.data === null}>
              {list.data !== null && messages.length === 0 && (
                <Text color="fg.muted">
                  <Trans>No messages.</Trans>
                </Text>
              )}
              <Stack as="ul" gap="3" padding="0" margin="0" aria-label={t`Messages`}>
                {messages.map((item) => (
                  <OutboxMessageCard key={item.id} item={item} now={now} onSendAgain={setConfirming} />
                ))}
              </Stack>
              {list.data?.truncated && (
                <Text fontSize="sm" color="fg.muted" marginTop="2">
                  <Trans>Only the newest 500 messages are shown; narrow the filter to see older ones.</Trans>
                </Text>
              )}
            </Box>
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
      <ConfirmDialog
        open={confirming !== null}
        title={t`Send again?`}
        message={
          confirming
            ? t`“${confirming.subject}” goes once more to ${recipientText(confirming)} (${i18n._(CHANNEL_LABELS[confirming.channel])}).`
            : ''
        }
        confirmLabel={t`Send again`}
        busy={retry.pending}
        onConfirm={() => confirming && void sendAgain(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
