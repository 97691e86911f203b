import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useChatUnread } from '../../data/lookups/chat-unread';
import { CountBadge } from '../../ui/CountBadge';
import { useOpenAlarmCount } from './alarm-count';

/** Read from the offline mirror: loaded only when the entry shows, never on the sign-in page. */
const TodayBadge = lazy(() => import('../../features/today/TodayBadge'));
const MirroredAlarmBadge = lazy(() => import('../../features/alarms/MirroredAlarmBadge'));

/**
 * A count beside a navigation entry: the unread chat messages beside "Chat", open alarms beside
 * "Alarms" (the mirror's while the server's count is unknown), what waits for him beside "Today"
 * (docs/today.md).
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
  if (itemId === 'alarms' && openAlarms === null)
    return (
      <Suspense>
        <MirroredAlarmBadge folded={folded} />
      </Suspense>
    );
  const count = itemId === 'chat' ? unread : itemId === 'alarms' ? (openAlarms ?? 0) : 0;
  if (count === 0) return null;
  // The link reads "Chat, 3 unread"; the badge itself is only for the eye.
  return (
    <CountBadge
      count={count}
      spoken={itemId === 'alarms' ? t`${count} open` : t`${count} unread`}
      folded={folded}
    />
  );
}
