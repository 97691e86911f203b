import { useLingui } from '@lingui/react/macro';
import { todayActionCount } from '../../../contract/today';
import { useSession } from '../../data/session/session';
import { CountBadge } from '../../ui/CountBadge';
import { useToday } from './use-today';

/**
 * The menu's count beside "Today": the rows of the signed-in user's list that wait for him
 * (docs/today.md). The shell loads it lazily, so the mirror's hooks stay off the sign-in page;
 * drawn like the shell's other counts.
 */
export default function TodayBadge({ folded }: { folded: boolean }) {
  const { t } = useLingui();
  const userId = useSession().claims?.sub ?? null;
  const today = useToday(userId, userId);
  const count = today ? todayActionCount(today.items) : 0;
  if (count === 0) return null;
  return <CountBadge count={count} spoken={t`${count} open`} folded={folded} />;
}
