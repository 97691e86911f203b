import { useEffect } from 'react';
import type { OutboxItem } from '../../../contract/schemas/outbox';
import type { ApiQuery } from '../../data/api/use-api';

/** While messages are under way the list asks again this often, so they are seen to go. */
const FOLLOW_MS = 3_000;

/**
 * Reloads `query` every few seconds while any of `items` is pending or sending (the worker of
 * server/modules/outbox delivers them within seconds, or retries later); stops once all are
 * sent or failed, and after a failed load.
 */
export function useFollowUnderWay<T>(query: ApiQuery<T>, items: readonly OutboxItem[]): void {
  const underWay = items.some((item) => item.state === 'pending' || item.state === 'sending');
  const { reload, status } = query;
  // A reload passes through 'loading' and back to 'ready', which arms the next one.
  useEffect(() => {
    if (!underWay || status !== 'ready') return;
    const timer = setTimeout(reload, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [underWay, status, reload]);
}
