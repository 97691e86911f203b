import { useEffect } from 'react';
import { getSession } from '../../data/session/session';
import { useSocketConnected, useSocketEvent } from '../../data/session/socket';
import { createStore, useStore } from '../../data/store';

/** Open, unacknowledged alarms of the signed-in user's lifts, for the navigation's badge. */
const openStore = createStore(0);
export const useOpenAlarmCount = () => useStore(openStore);

const REFRESH_MS = 60_000;
/** Lift updates stream in while lifts ride: the count follows them at most this often. */
const THROTTLE_MS = 5_000;
let latestRequest = 0;

async function refreshOpenAlarms(): Promise<void> {
  if (!getSession().token) return;
  const request = ++latestRequest;
  try {
    // Loaded here, not at the top: the shell is part of the sign-in page's first load.
    const [{ call }, { alarmsApi }] = await Promise.all([
      import('../../data/api/http'),
      import('../../../contract/api/alarms'),
    ]);
    const { open } = await call(alarmsApi.count);
    if (request === latestRequest) openStore.set(open);
  } catch {
    // Unreachable or signed out meanwhile: the badge keeps its last count.
  }
}

/** For the shell, once: the count follows lift changes (faults), reconnects and a minute's tick. */
export function useFollowOpenAlarms(): void {
  const connected = useSocketConnected();
  useEffect(() => {
    if (!connected) return;
    void refreshOpenAlarms();
    const timer = setInterval(() => void refreshOpenAlarms(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [connected]);
  useSocketEvent('lift', () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      void refreshOpenAlarms();
    }, THROTTLE_MS);
  });
  useEffect(
    () => () => {
      latestRequest++;
      clearTimeout(pending);
      pending = undefined;
      openStore.set(0);
    },
    [],
  );
}
let pending: ReturnType<typeof setTimeout> | undefined;
