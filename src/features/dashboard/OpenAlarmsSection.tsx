import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { compareAlarms } from '../../../contract/alarm-severity';
import { alarmsApi } from '../../../contract/api/alarms';
import type { Alarm } from '../../../contract/schemas/alarm';
import type { ApiRequestError } from '../../data/api/api-error';
import { useApiQuery } from '../../data/api/use-api';
import { relativeTime } from '../../data/i18n/relative-time';
import { useMirror, useShowsMirror } from '../../data/mirror/use-mirror';
import { useAlarmName } from '../../ui/alarm-name';
import { LoadFailure } from '../../ui/LoadFailure';

/** Shown at most; the alarms page (`/apps/alarms`) lists them all. */
const SHOWN = 10;

type OpenAlarm = Alarm & { liftUid: string };

/**
 * The alarms of the user's lifts not yet closed, newest first (docs/alarms.md): from the mirror once
 * it is complete, so a service man sees them in the basement too; from the API before that.
 */
function useOpenAlarms(): { alarms: OpenAlarm[] | null; error?: ApiRequestError | null } {
  const mirror = useMirror();
  const mirrored = useLiveQuery(async () => {
    if (!mirror) return undefined;
    const open = (await mirror.alarms.toArray()).filter((alarm) => !alarm.closedAt);
    const lifts = new Map(
      (await mirror.lifts.bulkGet(open.map((alarm) => alarm.liftId))).map((l) => [l?.id, l]),
    );
    return open.map((alarm) => ({ ...alarm, liftUid: lifts.get(alarm.liftId)?.uid ?? '—' }));
  }, [mirror]);
  const open = useApiQuery(alarmsApi.list, mirror ? null : { query: { state: 'open' } });
  const acknowledged = useApiQuery(alarmsApi.list, mirror ? null : { query: { state: 'acknowledged' } });
  const showsMirror = useShowsMirror(mirror, mirrored, open.data !== null && acknowledged.data !== null);
  if (showsMirror) return { alarms: mirrored ?? null };
  const failed =
    open.status === 'failed' ? open.error : acknowledged.status === 'failed' ? acknowledged.error : null;
  if (!open.data || !acknowledged.data) return { alarms: null, error: failed };
  return { alarms: [...open.data.alarms, ...acknowledged.data.alarms] };
}

/** The devices dashboard's open alarms: what, on which lift, since when, and whether someone took it. */
export function OpenAlarmsSection() {
  const { t, i18n } = useLingui();
  const { alarms, error } = useOpenAlarms();
  // Most urgent first (contract/alarm-severity.ts), then newest.
  const sorted = [...(alarms ?? [])].sort(compareAlarms);
  const now = new Date();
  const title = useAlarmName();

  return (
    <Stack as="section" gap="3" aria-labelledby="open-alarms-heading">
      <HStack justify="space-between" wrap="wrap">
        <Text as="h2" id="open-alarms-heading" fontSize="lg" fontWeight="semibold">
          <Trans>Open alarms</Trans>
        </Text>
        <Link asChild colorPalette="blue" fontSize="sm">
          <RouterLink to="/apps/alarms">
            <Trans>All alarms</Trans>
          </RouterLink>
        </Link>
      </HStack>
      <LoadFailure error={error ?? null} />
      {alarms && sorted.length === 0 && (
        <Text color="fg.muted">
          <Trans>No open alarms.</Trans>
        </Text>
      )}
      {sorted.length > 0 && (
        <Stack as="ul" gap="2" margin="0" padding="0" listStyleType="none" data-testid="open-alarms">
          {sorted.slice(0, SHOWN).map((alarm) => (
            <HStack
              as="li"
              key={alarm.id}
              gap="2"
              wrap="wrap"
              borderWidth="1px"
              borderRadius="l2"
              padding="2"
            >
              <Badge colorPalette={alarm.acknowledgedAt ? 'orange' : 'red'} variant="solid">
                {alarm.acknowledgedAt ? t`Acknowledged` : t({ message: 'Open', context: 'alarm state' })}
              </Badge>
              <Link asChild colorPalette="blue" fontWeight="medium">
                <RouterLink to="/apps/lift/lifts/$liftId/{-$deviceId}" params={{ liftId: alarm.liftId }}>
                  {alarm.liftUid}
                </RouterLink>
              </Link>
              <Text>{title(alarm)}</Text>
              <Text color="fg.muted" fontSize="sm">
                {relativeTime(i18n, alarm.openedAt, now, { past: true })}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
