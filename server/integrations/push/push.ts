import path from 'node:path';
import webpush from 'web-push';
import { definePlugin } from '../../lib/define-plugin';
import { readOrCreateFile } from '../../lib/file-once';

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

export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  publicKey: string;
  /** Encrypts (RFC 8291) and posts the payload to the subscription's push service. */
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

export interface PushOptions {
  dataDir: string;
  /** `mailto:` or `https:` contact the push services may use (VAPID `sub`). */
  subject: string;
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

function createPushSender(options: PushOptions): PushSender {
  const keys = readOrCreateVapidKeys(options.dataDir);
  const vapidDetails = { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      // web-push signs and encrypts; the request goes out through fetch, which also reaches a
      // push service on loopback over plain http (tests; browsers' push services are https).
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          { vapidDetails, TTL: PUSH_TTL_SECONDS, urgency: 'high' },
        );
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : null,
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        await response.arrayBuffer().catch(() => undefined);
        // 404 and 410: the browser dropped the subscription; it is removed.
        if (response.status === 404 || response.status === 410) return 'gone';
        return response.ok ? 'sent' : 'failed';
      } catch {
        return 'failed';
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
