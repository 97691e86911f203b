import type { ServerMessage } from '../../contract/messages';
import { i18n } from '../data/i18n/i18n';
import { onSessionEnd, takeStartNotice } from '../data/session/session';
import { showToast } from '../ui/toaster';

/**
 * Says why, translated. The table of server texts loads only when there is something to say (with
 * the toast machinery, not after it): it is not needed on the sign-in page's first load
 * (docs/performance.md).
 */
function warn(reason: ServerMessage): void {
  const text = import('../data/i18n/server-messages').then(({ translateServerMessage }) =>
    translateServerMessage(i18n, reason),
  );
  showToast('warning', text);
}

/** What of the app's router this needs (not its type: the router's route tree imports this file). */
interface Navigator {
  navigate(options: { href: string; replace: boolean }): unknown;
}

/** However a session ends, say why (translated) and leave the protected pages. */
export function followSessionEnds(router: Navigator): () => void {
  return onSessionEnd(({ reason, redirectTo }) => {
    if (reason) warn(reason);
    void router.navigate({ href: redirectTo, replace: true });
  });
}

/** A stored token dropped on start ('Token expired') is told once the toaster is drawn. */
export function showStartNotice(): void {
  const notice = takeStartNotice();
  if (notice) warn(notice);
}
