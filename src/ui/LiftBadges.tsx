import { Badge, chakra, HStack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Lift, SimVolumeStatus } from '../../contract/schemas/lift';
import { dateTimeFormat, numberFormat } from '../data/i18n/intl-format';
import type { PickedText } from '../data/lookups/descriptions';
import { useLastSyncAt, useOnline } from '../data/mirror/sync-status';
import { useSocketConnected } from '../data/session/socket';

/**
 * The SIM volume status (docs/sims.md); a low or empty card also shows the MB it has left, a card
 * whose quota is not known yet says so.
 */
export function SimVolumeBadge({
  status,
  leftMb,
}: {
  status: SimVolumeStatus;
  leftMb?: number | null | undefined;
}) {
  const { i18n } = useLingui();
  if (status === 'sufficient')
    return (
      <Badge colorPalette="green" variant="subtle">
        <Trans>Sufficient volume</Trans>
      </Badge>
    );
  if (status === 'low') {
    const left = leftMb ?? null;
    const mb = left === null ? '' : numberFormat(i18n.locale, { maximumFractionDigits: 0 }).format(left);
    return (
      <Badge colorPalette={left === 0 ? 'red' : 'orange'} variant={left === 0 ? 'solid' : 'subtle'}>
        {left === null ? <Trans>Low volume</Trans> : <Trans>Low volume ({mb} MB left)</Trans>}
      </Badge>
    );
  }
  if (status === 'unknown')
    return (
      <Badge colorPalette="gray" variant="outline">
        <Trans>SIM volume unknown</Trans>
      </Badge>
    );
  return (
    <Badge colorPalette="gray" variant="subtle">
      <Trans>No SIM-card</Trans>
    </Badge>
  );
}

/**
 * The last moment lift state was seen live (ms), recorded when a mounted screen loses the live
 * connection; kept across screens for the rest of the page's life.
 */
let liveLostAt: number | null = null;

/** "14:32" today, "23.11., 14:32" this year, a short date and time before (in the user's locale). */
function formatKnownAt(at: number, locale: string, now = new Date()): string {
  const date = new Date(at);
  const sameYear = date.getFullYear() === now.getFullYear();
  const sameDay = sameYear && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { timeStyle: 'short' }
    : sameYear
      ? { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }
      : { dateStyle: 'short', timeStyle: 'short' };
  return dateTimeFormat(locale, options).format(date);
}

/**
 * Whether a lift's state is live, and if not, since when it is known (docs/sync.md#lift-state-offline).
 * Live needs the browser online and the user socket connected: only then do state changes reach
 * the screen. Otherwise the state shown is the last one known: at the latest of the last complete
 * pull, the lift's own last change and the moment the live connection was lost here.
 * Answers null while live, else the time as the user reads it ("14:32", "23.11., 14:32").
 */
export function useLiftStateAsOf(lift: Lift): string | null {
  const { i18n } = useLingui();
  const online = useOnline();
  const connected = useSocketConnected();
  const lastSyncAt = useLastSyncAt();
  const live = online && connected;
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live) liveLostAt = Date.now();
    wasLive.current = live;
  }, [live]);
  if (live) return null;
  const candidates = [
    lastSyncAt ? Date.parse(lastSyncAt) : 0,
    Date.parse(lift.updatedAt) || 0,
    liveLostAt ?? 0,
  ];
  const knownAt = Math.min(Math.max(...candidates), Date.now());
  return knownAt > 0 ? formatKnownAt(knownAt, i18n.locale) : null;
}

/** Online/offline, the current error code and maintenance due, at a glance; dated when not live. */
export function LiftStateBadges({ lift }: { lift: Lift }) {
  const { t } = useLingui();
  const { state } = lift;
  const code = state.currentError?.code;
  const asOf = useLiftStateAsOf(lift);
  return (
    <HStack gap="1" wrap="wrap">
      {asOf !== null ? (
        <Badge
          colorPalette="gray"
          variant="outline"
          title={t`Last known state: there is no live connection to the server`}
          data-testid="lift-state-as-of"
        >
          {state.online ? <Trans>As of {asOf}: online</Trans> : <Trans>As of {asOf}: offline</Trans>}
        </Badge>
      ) : state.online ? (
        <Badge colorPalette="green" variant="solid">
          <Trans>Online</Trans>
        </Badge>
      ) : (
        <Badge colorPalette="gray" variant="solid">
          <Trans>Offline</Trans>
        </Badge>
      )}
      {state.currentError && (
        <Badge colorPalette="red" variant="solid" data-testid="current-error">
          <Trans>Error {code}</Trans>
        </Badge>
      )}
      {state.maintenanceDue && (
        <Badge colorPalette="orange" variant="subtle">
          <Trans>Maintenance due</Trans>
        </Badge>
      )}
    </HStack>
  );
}

/**
 * A description text in the user's language (src/data/lookups/descriptions.ts `pickText`); when the other
 * language stands in, it is marked with a small "EN"/"DE" badge that says so.
 */
export function DescriptionText({ value }: { value: PickedText }) {
  const { t } = useLingui();
  if (!value.text) return null;
  const note = value.lang === 'en' ? t`Only in English so far` : t`Only in German so far`;
  return (
    <>
      {value.fallback && (
        <Badge
          size="sm"
          variant="outline"
          colorPalette="gray"
          marginEnd="1.5"
          verticalAlign="baseline"
          title={note}
          data-testid="language-fallback"
        >
          <chakra.span aria-hidden="true">{value.lang.toUpperCase()}</chakra.span>
          <chakra.span srOnly>{note}</chakra.span>
        </Badge>
      )}
      <chakra.span lang={value.lang}>{value.text}</chakra.span>
    </>
  );
}
