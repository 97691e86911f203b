import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { type ApiRequestError, isApiRequestError } from '../data/api/api-error';
import { translateServerMessage } from '../data/i18n/server-messages';
import { showToast } from './toaster';

/**
 * Puts a failed save's field errors on their fields (translated) and toasts its message: as an
 * error, or as a warning where the spec asks for one (docs/spec-texts.md#messages-toasts-and-error-pages: failed user and description calls).
 */
export function reportSaveError<T extends FieldValues>(
  error: unknown,
  i18n: I18n,
  setError?: UseFormSetError<T>,
  kind: 'error' | 'warning' = 'error',
): void {
  if (!isApiRequestError(error)) throw error;
  if (error.isUnreachable) {
    showToast(kind, i18n._(msg`The server cannot be reached. Please check your connection.`));
    return;
  }
  for (const [field, text] of Object.entries(error.body.fieldErrors ?? {})) {
    setError?.(field as Path<T>, { type: 'server', message: translateServerMessage(i18n, String(text)) });
  }
  showToast(kind, translateServerMessage(i18n, error.body.message));
}

/** docs/spec-texts.md#messages-toasts-and-error-pages: a failed user or description call warns with the server's message (translated). */
export function warnCallFailed<T extends FieldValues>(
  error: unknown,
  i18n: I18n,
  setError?: UseFormSetError<T>,
): void {
  reportSaveError(error, i18n, setError, 'warning');
}

/** Failures already told (a remount, or React's development double effects, would toast again). */
const warned = new WeakSet<ApiRequestError>();

/**
 * docs/spec-texts.md#messages-toasts-and-error-pages for loads: warns once per failed answer of the server. An unreachable server is left to
 * the page's own notice and the toolbar's online state (no toast per list while offline), and a
 * 401 to the sign-out, which says 'Invalid access_token' itself.
 */
export function useWarnOnLoadFailure(error: ApiRequestError | null | undefined): void {
  const { i18n } = useLingui();
  useEffect(() => {
    if (!error || error.isUnreachable || error.status === 401 || warned.has(error)) return;
    warned.add(error);
    showToast('warning', translateServerMessage(i18n, error.body.message));
  }, [error, i18n]);
}
