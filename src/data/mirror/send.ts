import { pathOf } from '../../../contract/api/endpoint';
import { filesApi } from '../../../contract/api/files';
import { syncApi } from '../../../contract/api/sync';
import type { ApiError } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/schemas/sync';
import { api, call } from '../api/http';
import { getSession } from '../session/session';
import type { OutboxEntry } from './mirror-db';
import type { SendResult } from './outbox';
import { PULL_PAGE_LIMIT } from './pull';
import type { UploadSender } from './uploads';

/** A write that got no answer by then is tried again later (with the same key). */
const SEND_TIMEOUT_MS = 15_000;
const PULL_TIMEOUT_MS = 30_000;

/** `Retry-After` in seconds or as an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Classifies a response: done, conflict, rejected, or try again later. */
export async function classifyResponse(response: Response): Promise<SendResult> {
  const data = (await response.json().catch(() => null)) as (ApiError & { current?: unknown }) | null;
  const status = response.status;
  if (response.ok) return { kind: 'ok', body: data };
  if (status === 409) {
    return {
      kind: 'conflict',
      message: data?.message ?? MSG.staleVersion,
      ...(data?.current ? { current: data.current as never } : {}),
    };
  }
  // 401 ends the session (src/data/api/http.ts); the change stays for the next sign-in.
  if (status >= 500 || status === 408 || status === 429 || status === 401) {
    const wait = retryAfterMs(response.headers.get('Retry-After'));
    return { kind: 'retry', ...(wait === undefined ? {} : { retryAfterMs: wait }) };
  }
  return { kind: 'failed', message: data?.message ?? MSG.invalidRequest };
}

/** One attempt of an outbox change with its `Idempotency-Key`, through the app's HTTP client. */
export async function sendOutboxEntry(entry: OutboxEntry): Promise<SendResult> {
  let response: Response;
  try {
    response = await api(entry.path, {
      method: entry.method,
      json: entry.body,
      headers: { [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey },
      retry: 0,
      timeout: SEND_TIMEOUT_MS,
      throwHttpErrors: false,
    });
  } catch {
    return { kind: 'retry', unreachable: true };
  }
  return classifyResponse(response);
}

/** An upload that makes no progress for this long is cut off and tried again (same `uid`). */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * One attempt of an upload as `multipart/form-data`. XMLHttpRequest rather than fetch: only it
 * reports upload progress over HTTP/1.1, which the shell shows for photos on a slow uplink.
 */
export const sendUpload: UploadSender = (upload, onProgress) =>
  new Promise<SendResult>((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/${pathOf(filesApi.register)}`);
    const token = getSession().token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : upload.size);
    request.onload = () => {
      const headers = new Headers();
      const retryAfter = request.getResponseHeader('Retry-After');
      if (retryAfter) headers.set('Retry-After', retryAfter);
      void classifyResponse(
        new Response(request.responseText || null, { status: request.status, headers }),
      ).then(resolve);
    };
    request.onerror = () => resolve({ kind: 'retry', unreachable: true });
    request.ontimeout = () => resolve({ kind: 'retry', unreachable: true });
    request.onabort = () => resolve({ kind: 'retry', unreachable: true });
    const form = new FormData();
    form.append('uid', upload.uid);
    form.append('liftId', upload.liftId);
    // The server cleans the file's own name (no `name` field: a camera's name may break its rule).
    form.append('file', upload.blob, upload.name);
    request.send(form);
  });

/** The pull's next page after `cursor` (none: from the start). */
export const fetchPullPage = (cursor: string | undefined) =>
  call(syncApi.pull, { query: { limit: PULL_PAGE_LIMIT, cursor } }, { retry: 0, timeout: PULL_TIMEOUT_MS });
