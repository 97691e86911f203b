import { Badge, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { alarmsApi } from '../../../contract/api/alarms';
import { useApiQuery } from '../../data/api/use-api';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { useSocketEvent } from '../../data/session/socket';

/**
 * The lift's emergency-call line test on its page (the `lineTestSlot` of LiftDetailPage): when its
 * controller last tested the line and how it went, and by when the next good test is due (after a
 * failed one: when the last passed; docs/alarms.md#emergency-call). Asked from the server; nothing while it cannot be asked.
 */
export function LiftLineTest({ liftId }: { liftId: string }) {
  const { i18n } = useLingui();
  const { data, reload } = useApiQuery(alarmsApi.lineTest, { params: { id: liftId } });
  // A new test comes with the lift's live update, as its alarms do (LiftAlarms).
  useSocketEvent('lift', (changed) => {
    if (changed.id === liftId) reload();
  });
  if (!data) return null;
  const dateTime = dateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' });
  const overdue = data.dueAt !== null && new Date(data.dueAt).getTime() < Date.now();
  const testedAt = data.testedAt ? dateTime.format(new Date(data.testedAt)) : null;
  const dueAt = data.dueAt ? dateTime.format(new Date(data.dueAt)) : null;
  const lastOkAt = data.lastOkAt ? dateTime.format(new Date(data.lastOkAt)) : null;
  return (
    <HStack gap="2" wrap="wrap" fontSize="sm" data-testid="lift-line-test">
      <Text>
        {testedAt ? (
          <Trans>Emergency-call line test: {testedAt}</Trans>
        ) : (
          <Trans>Emergency-call line test: none reported yet</Trans>
        )}
      </Text>
      {data.result === 'ok' && (
        <Badge colorPalette="green" variant="subtle" data-result="ok">
          <Trans context="line test result">Passed</Trans>
        </Badge>
      )}
      {data.result === 'failed' && (
        <Badge colorPalette="red" variant="solid" data-result="failed">
          <Trans context="line test result">Failed</Trans>
        </Badge>
      )}
      {data.result === 'failed' ? (
        <Text color="fg.muted">
          {lastOkAt ? <Trans>last passed {lastOkAt}</Trans> : <Trans>none passed yet</Trans>}
        </Text>
      ) : (
        dueAt &&
        (overdue ? (
          <Badge colorPalette="red" variant="subtle">
            <Trans>Overdue since {dueAt}</Trans>
          </Badge>
        ) : (
          <Text color="fg.muted">
            <Trans>next due by {dueAt}</Trans>
          </Text>
        ))
      )}
    </HStack>
  );
}
