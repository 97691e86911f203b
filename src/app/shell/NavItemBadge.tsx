import { Badge, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useChatUnread } from '../../data/lookups/chat-unread';
import { useOpenAlarmCount } from './alarm-count';

/** Read from the offline mirror: loaded only when the entry shows, never on the sign-in page. */
const TodayBadge = lazy(() => import('../../features/today/TodayBadge'));

/**
 * A count beside a navigation entry: the unread chat messages beside "Chat", open alarms beside
 * "Alarms", what waits for him beside "Today" (docs/today.md).
 */
export function NavItemBadge({ itemId, folded = false }: { itemId: string; folded?: boolean }) {
  const { t } = useLingui();
  const unread = useChatUnread();
  const openAlarms = useOpenAlarmCount();
  if (itemId === 'today')
    return (
      <Suspense>
        <TodayBadge folded={folded} />
      </Suspense>
    );
  const count = itemId === 'chat' ? unread : itemId === 'alarms' ? openAlarms : 0;
  if (count === 0) return null;
  const shown = count > 99 ? '99+' : String(count);
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
      >
        {shown}
      </Badge>
      <Text as="span" srOnly>
        , {itemId === 'alarms' ? t`${count} open` : t`${count} unread`}
      </Text>
    </>
  );
}
