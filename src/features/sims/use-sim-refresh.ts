import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { simsApi } from '../../../contract/api/sims';
import type { SimRefreshState } from '../../../contract/schemas/sim';
import { call } from '../../data/api/http';
import { type Reloadable, useApiMutation } from '../../data/api/use-api-mutation';
import { reportSaveError } from '../../ui/form-errors';

const REFRESH_POLL_MS = 500;

/**
 * The refresh of every card from the provider (docs/sims.md): started here or joined, its
 * progress polled while it runs; when it ends, `list` reloads.
 */
export function useSimRefresh(token: string | null, refused: (error: unknown) => boolean, list: Reloadable) {
  const { i18n } = useLingui();
  const [refresh, setRefresh] = useState<SimRefreshState | null>(null);
  const start = useApiMutation(simsApi.refresh);
  const running = refresh?.running === true;
  const { reload } = list;

  useEffect(() => {
    if (!running || !token) return;
    const timer = setInterval(() => {
      call(simsApi.refreshState, { query: { access_token: token } }).then(
        (next) => {
          setRefresh(next);
          if (!next.running) reload();
        },
        (error: unknown) => {
          if (!refused(error)) setRefresh(null);
        },
      );
    }, REFRESH_POLL_MS);
    return () => clearInterval(timer);
  }, [running, token, reload, refused]);

  async function startRefresh() {
    if (!token) return;
    try {
      const started = await start.mutate({ body: { access_token: token } });
      setRefresh(started);
      if (!started.running) reload();
    } catch (error) {
      if (!refused(error)) reportSaveError(error, i18n);
    }
  }

  return { refresh, running, startRefresh };
}
