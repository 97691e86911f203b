import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { logsApi } from '../../../contract/api/logs';
import { PAGE_SIZE_DEFAULT } from '../../../contract/constants';
import type { Log } from '../../../contract/schemas/log';
import { call } from '../../data/api/http';
import { useApiQuery } from '../../data/api/use-api';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { DeleteSelectedButton } from '../../ui/ActionButtons';
import { ConfirmDialog } from '../../ui/AppDialog';
import { Checkbox } from '../../ui/Checkbox';
import { reportSaveError } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { Pagination } from '../../ui/Pagination';
import { showToast } from '../../ui/toaster';

const LEVEL_COLOURS = { info: 'blue', warn: 'orange', error: 'red' } as const;
const LEVEL_LABELS = { info: msg`Info`, warn: msg`Warning`, error: msg`Error` } as const;
const SOURCE_LABELS = { server: msg`Server`, device: msg`Device` } as const;
/** Why the gateway refused a controller (server/modules/devices/device-gateway.ts `logRefused`). */
const REFUSAL_REASONS: Record<string, ReturnType<typeof msg>> = {
  'invalid handshake': msg`invalid handshake`,
  'wrong key': msg`wrong key`,
  'unknown imei': msg`unknown IMEI`,
};

/**
 * The server writes its log texts in English, under a stable event name; our own events are shown
 * in the reader's language by that name, anything else as the server wrote it.
 */
function logText(log: Log, i18n: I18n): string {
  switch (log.event) {
    case 'device.connected':
      return i18n._(msg`Controller connected`);
    case 'device.disconnected':
      return i18n._(msg`Controller disconnected`);
    case 'device.refused': {
      const written = log.message.replace(/^Controller refused: /, '');
      const known = REFUSAL_REASONS[written];
      const reason = known ? i18n._(known) : written;
      return i18n._(msg`Controller refused: ${reason}`);
    }
    case 'device.params':
      return i18n._(msg`Parameters sent to the controller`);
    case 'device.command':
      return i18n._(msg`Command sent to the controller`);
    default:
      return log.message;
  }
}

/** `/apps/logs` (dev): server and device events. */
export function LogsPage() {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const logs = useApiQuery(logsApi.list, { query: { page, pageSize: PAGE_SIZE_DEFAULT } });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<'selected' | 'all' | null>(null);
  const [busy, setBusy] = useState(false);
  const list = logs.data?.logs ?? [];
  const allSelected = list.length > 0 && list.every((log) => selected.has(log.id));

  async function remove() {
    setBusy(true);
    try {
      if (confirm === 'all') await call(logsApi.removeAll);
      else await call(logsApi.remove, { body: { ids: [...selected] } });
      showToast('success', t`Deleted Successfully`);
      setSelected(new Set());
      setConfirm(null);
      setPage(1);
      logs.reload();
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="4">
      <PageTitle title={t`Logs`} />
      <HStack gap="2" wrap="wrap">
        <DeleteSelectedButton selectedCount={selected.size} onClick={() => setConfirm('selected')} />
        <Button colorPalette="red" disabled={list.length === 0} onClick={() => setConfirm('all')}>
          <Trash2 aria-hidden="true" />
          <Trans>Delete all</Trans>
        </Button>
      </HStack>
      <LoadFailure error={logs.status === 'failed' ? logs.error : null} />
      <Box overflowX="auto" borderWidth="1px" borderRadius="l2" aria-busy={logs.status === 'loading'}>
        <Table.Root size="sm">
          <Table.Caption srOnly>
            <Trans>Logs</Trans>
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader width="8">
                <Checkbox
                  aria-label={t`Select all logs on this page`}
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(list.map((log) => log.id)))}
                />
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Time</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Level</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Source</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Event</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Message</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>IMEI</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.map((log) => (
              <Table.Row key={log.id}>
                <Table.Cell>
                  <Checkbox
                    aria-label={t`Select log ${log.event}`}
                    checked={selected.has(log.id)}
                    onChange={() =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (next.has(log.id)) next.delete(log.id);
                        else next.add(log.id);
                        return next;
                      })
                    }
                  />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {dateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'medium' }).format(
                    new Date(log.at),
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={LEVEL_COLOURS[log.level]} variant="subtle">
                    {i18n._(LEVEL_LABELS[log.level])}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{i18n._(SOURCE_LABELS[log.source])}</Table.Cell>
                <Table.Cell fontFamily="mono">{log.event}</Table.Cell>
                <Table.Cell minWidth="48">{logText(log, i18n)}</Table.Cell>
                <Table.Cell>{log.imei ?? '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {logs.status === 'loading' && list.length === 0 && <Loading />}
        {logs.status === 'ready' && list.length === 0 && (
          <Text padding="4" textAlign="center" color="fg.muted">
            <Trans>No logs.</Trans>
          </Text>
        )}
      </Box>
      <Pagination page={page} pageSize={PAGE_SIZE_DEFAULT} count={logs.data?.count ?? 0} onPage={setPage} />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'all' ? t`Delete all logs` : t`Delete logs`}
        message={
          confirm === 'all'
            ? t`Delete every log entry? This cannot be undone.`
            : t`Delete the ${selected.size} selected log entries? This cannot be undone.`
        }
        confirmLabel={t`Delete`}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}
