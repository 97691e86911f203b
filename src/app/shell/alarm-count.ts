import { useEffect, useMemo, useRef } from 'react';
import { outboxStore } from '../../data/mirror/outbox-state';
import { getSession } from '../../data/session/session';
import { useSocketConnected, useSocketEvent } from '../../data/session/socket';
import { createStore, useStore } from '../../data/store';

/**
 * Open, unacknowledged alarms of the signed-in user's lifts, for the navigation's badge: the server's
 * count (null until it answered in this page's life), and the acknowledgements that waited on this
 * device when it was asked.
 */
const openStore = createStore<{ open: number | null; waitedThen: readonly string[] }>({
  open: null,
  waitedThen: [],
});
const waitingAcknowledgements = () =>
  outboxStore
    .get()
    .entries.filter((entry) => entry.entity === 'alarm')
    .map((entry) => entry.entityId);

/**
 * The server's count less the acknowledgements waiting on this device, and those that waited when
 * the count was asked (the server counted each as open then; docs/sync.md#what-screens-show).
 * Null before the server answered (offline after a reload): the badge counts the mirror then.
 */
export function useOpenAlarmCount(): number | null {
  const { open, waitedThen } = useStore(openStore);
  const { entries } = useStore(outboxStore);
  const counted = useMemo(() => {
    const ids = new Set(waitedThen);
    for (const entry of entries) if (entry.entity === 'alarm') ids.add(entry.entityId);
    return ids.size;
  }, [entries, waitedThen]);
  return open === null ? null : Math.max(0, open - counted);
}

const REFRESH_MS = 60_000;
/** Lift updates stream in while lifts ride: the count follows them at most this often. */
const THROTTLE_MS = 5_000;
let latestRequest = 0;

async function refreshOpenAlarms(): Promise<void> {
  if (!getSession().token) return;
  const request = ++latestRequest;
  const waitedThen = waitingAcknowledgements();
  try {
    // Loaded here, not at the top: the shell is part of the sign-in page's first load.
    const [{ call }, { alarmsApi }] = await Promise.all([
      import('../../data/api/http'),
      import('../../../contract/api/alarms'),
    ]);
    const { open } = await call(alarmsApi.count);
    if (request === latestRequest) openStore.set({ open, waitedThen });
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
  // An acknowledgement that reached the server: the count is asked again, so that the badge does
  // not rise back to the count asked before it arrived.
  const { left } = useStore(outboxStore);
  const sent = left.alarm ?? 0;
  const seen = useRef(sent);
  useEffect(() => {
    if (seen.current === sent) return;
    seen.current = sent;
    void refreshOpenAlarms();
  }, [sent]);
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
      openStore.set({ open: null, waitedThen: [] });
    },
    [],
  );
}
let pending: ReturnType<typeof setTimeout> | undefined;
