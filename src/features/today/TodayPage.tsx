import { Badge, Box, HStack, LinkBox, LinkOverlay, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { TODAY_WINDOW_DAYS, type TodayItem, todayActionCount } from '../../../contract/today';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { relativeTime } from '../../data/i18n/relative-time';
import { useSession } from '../../data/session/session';
import { useHasRole } from '../../data/session/use-role';
import { useAlarmName } from '../../ui/alarm-name';
import { FormField } from '../../ui/FormField';
import { PageTitle } from '../../ui/PageTitle';
import { SelectInput } from '../../ui/SelectInput';
import { useToday } from './use-today';

/** The relative times move on while the page stays open. */
const TICK_MS = 60_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * `/apps/today`: the service man's start page (docs/today.md): his open alarms, visits not
 * delivered, maintenance, inspections and defect deadlines due, from the mirror (offline too).
 * Admins choose whose list they see.
 */
export function TodayPage() {
  const { t } = useLingui();
  const signedInId = useSession().claims?.sub ?? null;
  const isStaff = useHasRole('admin');
  const [chosen, setChosen] = useState<string | null>(null);
  const userId = isStaff ? chosen : signedInId;
  const today = useToday(userId ?? signedInId, signedInId);
  // An admin's list starts with the first service man of his lifts (his own lifts he does not serve).
  const servicemen = today?.servicemen ?? [];
  useEffect(() => {
    if (isStaff && chosen === null && servicemen[0]) setChosen(servicemen[0].id);
  }, [isStaff, chosen, servicemen]);

  const items = today && userId ? today.items : null;
  const count = items ? todayActionCount(items) : 0;
  return (
    <Stack gap="4" maxWidth="3xl">
      <PageTitle title={t`Today`} />
      {isStaff && (
        <FormField id="today-serviceman" label={t`Service man`}>
          <SelectInput
            value={chosen ?? ''}
            onChange={(event) => setChosen(event.target.value || null)}
            options={[
              ...(chosen === null ? [{ value: '', label: t`Choose a service man` }] : []),
              ...servicemen.map((man) => ({ value: man.id, label: man.displayName })),
            ]}
          />
        </FormField>
      )}
      {!today && (
        <HStack color="fg.muted" role="status">
          <Spinner size="sm" />
          <Text>
            <Trans>Preparing the offline copy of your lifts…</Trans>
          </Text>
        </HStack>
      )}
      {items && (
        <Text color="fg.muted" data-testid="today-summary">
          {count === 0 ? t`Nothing waits for you.` : t`Waiting for you: ${count}.`}{' '}
          <Trans>Maintenance, inspections and defects due within {TODAY_WINDOW_DAYS} days.</Trans>
        </Text>
      )}
      {items && items.length > 0 && (
        <Stack as="ul" gap="2" margin="0" padding="0" listStyleType="none" data-testid="today-list">
          {items.map((item) => (
            <TodayRow key={item.key} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function TodayRow({ item }: { item: TodayItem }) {
  const { t, i18n } = useLingui();
  const alarmName = useAlarmName();
  const now = useNow();
  const day = (value: string) =>
    dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${value}T00:00:00Z`),
    );
  const { what, when, badge, palette } = describe();

  function describe(): { what: string; when: string; badge: string; palette: string } {
    switch (item.kind) {
      case 'alarm': {
        return {
          what: alarmName({ kind: item.alarmKind, code: item.code, name: item.name, nameDE: item.nameDE }),
          when: t`waiting since ${relativeTime(i18n, item.since, now, { past: true })}`,
          badge: item.acknowledged ? t`Acknowledged` : t({ message: 'Alarm', context: 'today row' }),
          palette: item.acknowledged ? 'orange' : 'red',
        };
      }
      case 'visit':
        return {
          what: t`Maintenance visit of ${day(item.visitedOn)} not sent yet`,
          when:
            item.state === 'pending'
              ? t`Waits for a connection`
              : t`The server refused it: see Offline changes`,
          badge: t`Visit`,
          palette: item.state === 'pending' ? 'gray' : 'red',
        };
      case 'maintenance':
        return {
          what: t`Maintenance`,
          when: item.overdue ? t`Overdue since ${day(item.dueOn)}` : t`Due on ${day(item.dueOn)}`,
          badge: item.overdue ? t`Overdue` : t`Due`,
          palette: item.overdue ? 'red' : 'orange',
        };
      case 'inspection':
        return {
          what: item.inspection === 'main' ? t`Main inspection` : t`Intermediate inspection`,
          when: item.overdue ? t`Overdue since ${day(item.dueOn)}` : t`Due on ${day(item.dueOn)}`,
          badge: item.overdue ? t`Overdue` : t`Due`,
          palette: item.overdue ? 'red' : 'orange',
        };
      case 'defect':
        return {
          what: t`Defect: ${item.text}`,
          when: item.overdue ? t`Deadline passed on ${day(item.dueOn)}` : t`Deadline ${day(item.dueOn)}`,
          badge: item.overdue ? t`Overdue` : t`Due`,
          palette: item.overdue ? 'red' : 'orange',
        };
    }
  }

  return (
    <LinkBox
      as="li"
      borderWidth="1px"
      borderRadius="l2"
      padding="3"
      _hover={{ bg: 'bg.muted' }}
      data-testid="today-row"
      data-kind={item.kind}
    >
      <HStack justify="space-between" align="start" gap="3">
        <Box minWidth="0">
          <LinkOverlay asChild>
            {item.kind === 'visit' && item.state !== 'pending' ? (
              <RouterLink to="/apps/sync">{what}</RouterLink>
            ) : (
              <RouterLink
                to="/apps/lift/lifts/$liftId/{-$deviceId}"
                params={{ liftId: item.liftId }}
                hash="overview"
              >
                {what}
              </RouterLink>
            )}
          </LinkOverlay>
          <Text fontSize="sm">
            <Text as="span" fontWeight="semibold">
              {item.liftUid}
            </Text>
            {' · '}
            {item.liftAddress}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {when}
          </Text>
        </Box>
        <Badge colorPalette={palette} variant={item.needsAction ? 'solid' : 'subtle'} flexShrink="0">
          {badge}
        </Badge>
      </HStack>
    </LinkBox>
  );
}
