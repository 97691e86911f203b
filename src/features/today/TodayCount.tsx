import type { ReactNode } from 'react';
import { todayActionCount } from '../../../contract/today';
import { useSession } from '../../data/session/session';
import { useToday } from './use-today';

/**
 * The rows of the signed-in user's Today list that wait for him, for the menu's badge (docs/today.md).
 * Loaded lazily by the shell, so the mirror's hooks stay off the sign-in page; the shell draws it.
 */
export default function TodayCount({ render }: { render: (count: number) => ReactNode }) {
  const userId = useSession().claims?.sub ?? null;
  const today = useToday(userId, userId);
  return render(today ? todayActionCount(today.items) : 0);
}
