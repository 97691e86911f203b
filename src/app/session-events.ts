import { i18n } from '../data/i18n';
import { translateServerMessage } from '../data/server-messages';
import { onSessionEnd, takeStartNotice } from '../data/session';
import { showToast } from '../ui/toaster';
import type { AppRouter } from './router';

/** However a session ends, say why (translated) and leave the protected pages. */
export function followSessionEnds(router: AppRouter): () => void {
  return onSessionEnd(({ reason, redirectTo }) => {
    if (reason) showToast('warning', translateServerMessage(i18n, reason));
    void router.navigate({ href: redirectTo, replace: true });
  });
}

/** A stored token dropped on start ('Token expired') is told once the toaster is drawn. */
export function showStartNotice(): void {
  const notice = takeStartNotice();
  if (notice) showToast('warning', translateServerMessage(i18n, notice));
}
