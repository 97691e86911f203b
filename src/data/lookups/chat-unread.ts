import { useEffect } from 'react';
import { getSession } from '../session/session';
import { useSocketConnected, useSocketEvent } from '../session/socket';
import { createStore, useStore } from '../store';

/** Unread chat messages to the signed-in user, for the navigation's badge. */
const unreadStore = createStore(0);
export const useChatUnread = () => useStore(unreadStore);

/** Only the answer to the latest request counts: an older one may predate a "read". */
let latestRequest = 0;

/** Asks the server for the total; offline, the last count stays. */
export async function refreshChatUnread(): Promise<void> {
  if (!getSession().token) return;
  const request = ++latestRequest;
  try {
    // Loaded here, not at the top: the shell is part of the sign-in page's first load.
    const [{ call }, { chatApi }] = await Promise.all([
      import('../api/http'),
      import('../../../contract/api/chat'),
    ]);
    const { unread } = await call(chatApi.unread);
    if (request === latestRequest) unreadStore.set(unread);
  } catch {
    // Unreachable or signed out meanwhile: the badge keeps its last count.
  }
}

/** For the shell, once: the count follows new messages and reconnects, and clears on sign-out. */
export function useFollowChatUnread(): void {
  const connected = useSocketConnected();
  useEffect(() => {
    if (connected) void refreshChatUnread();
  }, [connected]);
  useSocketEvent('message', (message) => {
    if (message.contactId === getSession().claims?.sub) void refreshChatUnread();
  });
  useEffect(
    () => () => {
      latestRequest++;
      unreadStore.set(0);
    },
    [],
  );
}
