import { Badge, Box, Button, chakra, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { ArrowLeft, Check } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { relativeTime } from '../../data/i18n/relative-time';
import { useMirror } from '../../data/mirror/use-mirror';
import { useAlarmName } from '../../ui/alarm-name';
import { reportSaveError } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { useMayAcknowledge } from './AlarmItem';
import { type ShownAlarm, useAlarm } from './use-alarm';
import { acknowledgeAlarm } from './use-alarms';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <chakra.dt fontSize="sm" color="fg.muted">
        {label}
      </chakra.dt>
      <chakra.dd margin="0" marginBottom={{ base: '2', md: '0' }}>
        {children}
      </chakra.dd>
    </>
  );
}

function stateOf(alarm: ShownAlarm) {
  if (alarm.closedAt) return { color: 'gray', variant: 'subtle' as const };
  if (alarm.acknowledgedAt) return { color: 'orange', variant: 'subtle' as const };
  return { color: 'red', variant: 'solid' as const };
}

/**
 * `/apps/alarms/$alarmId`: one alarm's facts (lift, error, opened, acknowledged, closed) and,
 * in `deliveriesSlot`, whom it was sent to and how that went (the outbox feature's section), and in
 * `reportSlot` the service reports of the repair (src/features/service-reports/, given its lift).
 */
export function AlarmDetailPage({
  alarmId,
  deliveriesSlot,
  reportSlot,
}: {
  alarmId: string;
  deliveriesSlot: ReactNode;
  reportSlot?: (alarm: { liftId: string; label: string }) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const name = useAlarmName();
  const mayAcknowledge = useMayAcknowledge();
  const mirror = useMirror();
  const { alarm, error, reload } = useAlarm(alarmId);
  const [busy, setBusy] = useState(false);
  const now = new Date();
  const dateTime = dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (time: string) =>
    `${dateTime.format(new Date(time))} (${relativeTime(i18n, time, now, { past: true })})`;

  async function acknowledge() {
    setBusy(true);
    try {
      await acknowledgeAlarm(alarmId, mirror);
      reload();
      showToast(
        'success',
        navigator.onLine
          ? t`Alarm acknowledged`
          : t`Saved on this device; it is sent when the server can be reached.`,
      );
    } catch (failure) {
      reportSaveError(failure, i18n);
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Link asChild colorPalette="blue" fontSize="sm" width="fit-content">
      <RouterLink to="/apps/alarms">
        <ArrowLeft size="1em" aria-hidden="true" />
        <Trans>All alarms</Trans>
      </RouterLink>
    </Link>
  );
  if (alarm === undefined && !error) return <Loading />;
  if (!alarm) {
    return (
      <Stack gap="4">
        {back}
        <PageTitle title={t`Alarm`} />
        {error ? <LoadFailure error={error} /> : <Text>{t`Alarm not found`}</Text>}
      </Stack>
    );
  }
  const state = stateOf(alarm);
  const stateText = alarm.closedAt
    ? t`Closed`
    : alarm.acknowledgedAt
      ? t`Acknowledged`
      : t({ message: 'Open', context: 'alarm state' });
  return (
    <Stack gap="5">
      {back}
      <Box>
        <PageTitle title={name(alarm)} />
        <Badge colorPalette={state.color} variant={state.variant}>
          {stateText}
        </Badge>
      </Box>
      <chakra.dl
        display="grid"
        gridTemplateColumns={{ base: '1fr', md: 'max-content 1fr' }}
        columnGap="6"
        rowGap={{ base: '0.5', md: '2' }}
        alignItems="baseline"
      >
        <Fact label={t`Lift`}>
          <Text>
            <Link asChild colorPalette="blue" fontWeight="medium">
              <RouterLink to="/apps/lift/lifts/$liftId/{-$deviceId}" params={{ liftId: alarm.liftId }}>
                {alarm.liftUid || t`Lift`}
              </RouterLink>
            </Link>
            {alarm.liftAddress && ` · ${alarm.liftAddress}`}
          </Text>
        </Fact>
        {alarm.code !== null && <Fact label={t`Error code`}>{alarm.code}</Fact>}
        {alarm.floor !== null && <Fact label={t`Floor`}>{alarm.floor}</Fact>}
        <Fact label={t`Opened`}>{when(alarm.openedAt)}</Fact>
        <Fact label={t`Acknowledged`}>
          {alarm.acknowledgedAt
            ? alarm.acknowledgedByName
              ? t`${when(alarm.acknowledgedAt)} by ${alarm.acknowledgedByName}`
              : when(alarm.acknowledgedAt)
            : t`Not yet`}
        </Fact>
        <Fact label={t`Closed`}>{alarm.closedAt ? when(alarm.closedAt) : t`Not yet`}</Fact>
      </chakra.dl>
      {mayAcknowledge && !alarm.closedAt && !alarm.acknowledgedAt && (
        <Box>
          <Button size="sm" colorPalette="red" onClick={() => void acknowledge()} loading={busy}>
            <Check aria-hidden="true" />
            <Trans>Acknowledge</Trans>
          </Button>
        </Box>
      )}
      {reportSlot?.({ liftId: alarm.liftId, label: name(alarm) })}
      {deliveriesSlot}
    </Stack>
  );
}
