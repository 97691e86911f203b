import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiRequestError } from '../data/api-error';
import { translateServerMessage } from '../data/server-messages';
import { showToast } from './toaster';

/** Puts a failed save's field errors on their fields (translated) and toasts its message. */
export function reportSaveError<T extends FieldValues>(
  error: unknown,
  i18n: I18n,
  setError?: UseFormSetError<T>,
): void {
  if (!isApiRequestError(error)) throw error;
  if (error.isUnreachable) {
    showToast('error', i18n._(msg`The server cannot be reached. Please check your connection.`));
    return;
  }
  for (const [field, text] of Object.entries(error.body.fieldErrors ?? {})) {
    setError?.(field as Path<T>, { type: 'server', message: translateServerMessage(i18n, String(text)) });
  }
  showToast('error', translateServerMessage(i18n, error.body.message));
}
