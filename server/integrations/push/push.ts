import http, { type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import webpush from 'web-push';
import { definePlugin } from '../../lib/define-plugin';
import { readOrCreateFile } from '../../lib/file-once';
import { retryAfterMs } from '../../lib/retry-after';
import {
  type AllowedHost,
  checkedLookup,
  judgeEndpointUrl,
  mayPushTo,
  RefusedAddressError,
  type Resolve,
  systemResolve,
} from './push-address';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A device's subscription as stored (docs/alarms.md#push). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * `gone`: the push service dropped the subscription (404/410, RFC 8030); `refused`: the endpoint
 * is not one the portal may reach (push-address.ts). Both remove the subscription.
 */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'failed';

/** A push's outcome with what the durable outbox needs to decide on a retry (docs/outbox.md). */
export interface PushResult {
  outcome: PushOutcome;
  /** The push service's status; absent when no answer came (network, timeout, refused address). */
  status?: number;
  /** A 429's or 503's `Retry-After`, in milliseconds. */
  retryAfterMs?: number | null;
  /** Why it failed, in the words of the push service or the network. */
  error?: string;
}

export interface PushSender {
  publicKey: string;
  /** Whether a subscription may name this endpoint: https to public addresses, or a host of `PUSH_ALLOW_HOSTS`. */
  mayPushTo(endpoint: string): Promise<boolean>;
  /**
   * Encrypts (RFC 8291) and posts the payload to the subscription's push service. `topic` (at most
   * 32 URL-safe characters) lets the service replace an undelivered message of the same topic
   * (RFC 8030 §5.4), so a push sent again is one notification on the device.
   */
  send(target: PushTarget, payload: string, options?: { topic?: string }): Promise<PushResult>;
}

export interface PushOptions {
  dataDir: string;
  /** `mailto:` or `https:` contact the push services may use (VAPID `sub`). */
  subject: string;
  /** Hosts reached beyond public https push services (`PUSH_ALLOW_HOSTS`), over http too. */
  allowHosts: readonly AllowedHost[];
  /** Name resolution: the system's unless a test gives its own. */
  resolve?: Resolve;
}

/**
 * VAPID keys generated once into DATA_DIR, as the auth secret (server/config.ts readOrCreateSecret):
 * a process starting at the same time reads the first one's keys instead of making its own
 * (`readOrCreateFile`), so every process signs with the keys the browsers subscribed with.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  const keys = JSON.parse(
    readOrCreateFile(file, () => JSON.stringify(webpush.generateVAPIDKeys())),
  ) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new Error(`${file} holds no VAPID keys`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

const PUSH_TTL_SECONDS = 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

type RequestDetails = ReturnType<typeof webpush.generateRequestDetails>;

/**
 * Posts with node:http(s) rather than fetch: the connection's `lookup` decides which addresses
 * it may reach (push-address.ts), and redirects are not followed.
 */
function post(
  url: URL,
  details: RequestDetails,
  lookup: LookupFunction,
): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: details.method,
        headers: details.headers as OutgoingHttpHeaders,
        lookup,
        agent: false,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      },
      (response) => {
        const retryAfter = response.headers['retry-after'];
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        });
        // Only the status matters; the body is drained, and cut off with the request at the timeout.
        response.on('error', () => undefined);
        response.resume();
      },
    );
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

export function createPushSender(options: PushOptions): PushSender {
  const keys = readOrCreateVapidKeys(options.dataDir);
  const vapidDetails = { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const resolve = options.resolve ?? systemResolve;
  return {
    publicKey: keys.publicKey,
    mayPushTo: (endpoint) => mayPushTo(endpoint, options.allowHosts, resolve),
    async send(target, payload, sendOptions = {}) {
      let url: URL;
      try {
        url = new URL(target.endpoint);
      } catch {
        return { outcome: 'refused', error: 'not a URL' };
      }
      // Checked again when sending: the rules or the operator's list may have changed since.
      const verdict = judgeEndpointUrl(url, options.allowHosts);
      if (verdict === 'refused') return { outcome: 'refused', error: 'not a public push service' };
      try {
        // web-push signs and encrypts; the request goes out through `post`.
        const details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          { vapidDetails, TTL: PUSH_TTL_SECONDS, urgency: 'high', topic: sendOptions.topic },
        );
        const { status, retryAfter } = await post(url, details, checkedLookup(resolve, verdict === 'public'));
        // 404 and 410: the browser dropped the subscription; it is removed.
        if (status === 404 || status === 410) return { outcome: 'gone', status };
        if (status >= 200 && status < 300) return { outcome: 'sent', status };
        return {
          outcome: 'failed',
          status,
          retryAfterMs: retryAfterMs(retryAfter),
          error: `push service answered ${status}`,
        };
      } catch (error) {
        if (error instanceof RefusedAddressError)
          return { outcome: 'refused', error: 'not a public push service' };
        return { outcome: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender;
  }
}

/** `app.push` for every module. */
export const pushPlugin = definePlugin<PushOptions>('push', async (app, options) => {
  app.decorate('push', createPushSender(options));
});
