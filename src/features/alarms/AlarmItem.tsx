import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { BellOff, Check, FlaskConical, PhoneOff, Siren } from 'lucide-react';
import { useState } from 'react';
import { type AlarmSeverity, alarmSeverity } from '../../../contract/alarm-severity';
import type { Alarm, AlarmListItem } from '../../../contract/schemas/alarm';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { relativeTime } from '../../data/i18n/relative-time';
import { useMirror } from '../../data/mirror/use-mirror';
import { sessionRole, useSession } from '../../data/session/session';
import { useAlarmName } from '../../ui/alarm-name';
import { Checkbox } from '../../ui/Checkbox';
import { reportSaveError } from '../../ui/form-errors';
import { showToast } from '../../ui/toaster';
import { openDuration } from './open-duration';
import { acknowledgeAlarm } from './use-alarms';

type Shown = Alarm & Partial<Pick<AlarmListItem, 'liftUid' | 'liftAddress' | 'acknowledgedByName'>>;

const SEVERITY_LOOK: Record<AlarmSeverity, { palette: string; variant: 'solid' | 'subtle' }> = {
  emergencyCall: { palette: 'red', variant: 'solid' },
  trapped: { palette: 'red', variant: 'solid' },
  outOfService: { palette: 'red', variant: 'subtle' },
  fault: { palette: 'orange', variant: 'subtle' },
  offline: { palette: 'gray', variant: 'subtle' },
  test: { palette: 'blue', variant: 'subtle' },
};

/** The alarm's severity (contract/alarm-severity.ts) as a badge: its words and colour. */
export function SeverityBadge({ severity }: { severity: AlarmSeverity }) {
  const { t } = useLingui();
  const labels: Record<AlarmSeverity, string> = {
    emergencyCall: t`Emergency call`,
    trapped: t`Passengers may be trapped`,
    outOfService: t`Out of service`,
    fault: t`Fault`,
    offline: t({ message: 'Offline', context: 'alarm severity' }),
    test: t({ message: 'Test', context: 'alarm severity' }),
  };
  const look = SEVERITY_LOOK[severity];
  return (
    <Badge colorPalette={look.palette} variant={look.variant} data-severity={severity}>
      {labels[severity]}
    </Badge>
  );
}

function StateBadge({ alarm }: { alarm: Alarm }) {
  if (alarm.closedAt)
    return (
      <Badge colorPalette="gray" variant="subtle">
        <Trans>Closed</Trans>
      </Badge>
    );
  if (alarm.acknowledgedAt)
    return (
      <Badge colorPalette="orange" variant="subtle">
        <Trans>Acknowledged</Trans>
      </Badge>
    );
  return (
    <Badge colorPalette="red" variant="solid">
      <Trans context="alarm state">Open</Trans>
    </Badge>
  );
}

/** Whether the signed-in user may acknowledge alarms: everyone but customers (docs/alarms.md). */
export function useMayAcknowledge(): boolean {
  const role = sessionRole(useSession());
  return role !== null && role !== 'customer';
}

/** One alarm as a card: what, where, since when, its state and the acknowledge button. */
export function AlarmItem({
  alarm,
  showLift,
  onChanged,
  selected,
  onSelect,
}: {
  alarm: Shown;
  showLift: boolean;
  onChanged: (alarm: Alarm) => void;
  /** With `onSelect`: a checkbox picks the alarm for acknowledging several at once. */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const name = useAlarmName();
  const mayAcknowledge = useMayAcknowledge();
  const [busy, setBusy] = useState(false);
  const mirror = useMirror();
  const now = new Date();
  const dateTime = dateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' });

  async function acknowledge() {
    setBusy(true);
    try {
      onChanged(await acknowledgeAlarm(alarm.id, mirror));
      showToast(
        'success',
        navigator.onLine
          ? t`Alarm acknowledged`
          : t`Saved on this device; it is sent when the server can be reached.`,
      );
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setBusy(false);
    }
  }

  const openAndNotAcknowledged = !alarm.closedAt && !alarm.acknowledgedAt;
  const severity = alarmSeverity(alarm);
  const alarmName = name(alarm);
  const liftUid = alarm.liftUid ?? '';
  return (
    <Box
      as="li"
      listStyleType="none"
      borderRadius="l2"
      padding="3"
      borderColor={openAndNotAcknowledged ? 'border.error' : undefined}
      // An emergency call not yet closed stands out from every other alarm (docs/alarms.md#emergency-call).
      borderWidth={severity === 'emergencyCall' && !alarm.closedAt ? '3px' : '1px'}
      bg={severity === 'emergencyCall' && !alarm.closedAt ? 'bg.error' : undefined}
      data-testid="alarm-item"
      data-alarm-id={alarm.id}
      data-severity={severity}
    >
      <Stack gap="1.5">
        <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Text fontWeight="semibold" display="flex" alignItems="center" gap="2">
            {onSelect && mayAcknowledge && openAndNotAcknowledged && (
              <Checkbox
                checked={selected ?? false}
                onChange={(event) => onSelect(event.target.checked)}
                aria-label={t`Select: ${alarmName} ${liftUid}`}
              />
            )}
            {alarm.kind === 'offline' && <BellOff size="1em" aria-hidden="true" />}
            {alarm.kind === 'test' && <FlaskConical size="1em" aria-hidden="true" />}
            {alarm.kind === 'emergencyCall' && <Siren size="1em" aria-hidden="true" />}
            {alarm.kind === 'lineTestOverdue' && <PhoneOff size="1em" aria-hidden="true" />}
            {name(alarm)}
          </Text>
          <HStack gap="1.5" wrap="wrap">
            <SeverityBadge severity={severity} />
            <StateBadge alarm={alarm} />
          </HStack>
        </HStack>
        {showLift && alarm.liftUid && (
          <Text fontSize="sm">
            <Link asChild colorPalette="blue" fontWeight="medium">
              <RouterLink to="/apps/lift/lifts/$liftId/{-$deviceId}" params={{ liftId: alarm.liftId }}>
                {alarm.liftUid}
              </RouterLink>
            </Link>{' '}
            · {alarm.liftAddress}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          {alarm.floor !== null && (
            <>
              <Trans>Floor {alarm.floor}</Trans> ·{' '}
            </>
          )}
          {alarm.closedAt ? (
            <Trans>
              Since {dateTime.format(new Date(alarm.openedAt))} (
              {relativeTime(i18n, alarm.openedAt, now, { past: true })})
            </Trans>
          ) : (
            <Trans>
              Open for {openDuration(i18n.locale, alarm.openedAt, now)} (since{' '}
              {dateTime.format(new Date(alarm.openedAt))})
            </Trans>
          )}
        </Text>
        {alarm.acknowledgedAt && (
          <Text fontSize="sm" color="fg.muted">
            {alarm.acknowledgedByName ? (
              <Trans>
                Acknowledged by {alarm.acknowledgedByName},{' '}
                {relativeTime(i18n, alarm.acknowledgedAt, now, { past: true })}
              </Trans>
            ) : (
              <Trans>Acknowledged {relativeTime(i18n, alarm.acknowledgedAt, now, { past: true })}</Trans>
            )}
          </Text>
        )}
        {alarm.closedAt && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>Closed {relativeTime(i18n, alarm.closedAt, now, { past: true })}</Trans>
          </Text>
        )}
        <Link asChild colorPalette="blue" fontSize="sm" width="fit-content">
          <RouterLink
            to="/apps/alarms/$alarmId"
            params={{ alarmId: alarm.id }}
            aria-label={t`Details of ${name(alarm)}`}
          >
            <Trans>Details</Trans>
          </RouterLink>
        </Link>
        {mayAcknowledge && openAndNotAcknowledged && (
          <Box>
            <Button size="sm" colorPalette="red" onClick={() => void acknowledge()} loading={busy}>
              <Check aria-hidden="true" />
              <Trans>Acknowledge</Trans>
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
