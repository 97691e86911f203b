import { Badge, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useChatUnread } from '../../data/lookups/chat-unread';
import { useOpenAlarmCount } from './alarm-count';

/** Read from the offline mirror: loaded only when the entry shows, never on the sign-in page. */
const TodayCount = lazy(() => import('../../features/today/TodayCount'));

/**
 * A count beside a navigation entry: the unread chat messages beside "Chat", open alarms beside
 * "Alarms", the rows that wait for him beside "Today".
 */
export function NavItemBadge({ itemId, folded = false }: { itemId: string; folded?: boolean }) {
  const unread = useChatUnread();
  const openAlarms = useOpenAlarmCount();
  if (itemId === 'today')
    return (
      <Suspense fallback={null}>
        <TodayCount render={(count) => <CountBadge count={count} folded={folded} kind="today" />} />
      </Suspense>
    );
  const count = itemId === 'chat' ? unread : itemId === 'alarms' ? openAlarms : 0;
  return <CountBadge count={count} folded={folded} kind={itemId === 'alarms' ? 'alarms' : 'chat'} />;
}

function CountBadge({
  count,
  folded,
  kind,
}: {
  count: number;
  folded: boolean;
  kind: 'chat' | 'alarms' | 'today';
}) {
  const { t } = useLingui();
  if (count === 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  const spoken =
    kind === 'alarms' ? t`${count} open` : kind === 'today' ? t`${count} waiting` : t`${count} unread`;
  // The link reads "Chat, 3 unread"; the badge itself is only for the eye.
  return (
    <>
      <Badge
        colorPalette="red"
        variant="solid"
        size="sm"
        borderRadius="full"
        marginInlineStart={folded ? undefined : 'auto'}
        position={folded ? 'absolute' : undefined}
        top={folded ? '0.5' : undefined}
        insetEnd={folded ? '0.5' : undefined}
        aria-hidden="true"
        data-testid={`nav-badge-${kind}`}
      >
        {shown}
      </Badge>
      <Text as="span" srOnly>
        , {spoken}
      </Text>
    </>
  );
}
