import { expect } from 'vitest';
import type { TestApp } from './app';

/**
 * An admin's `POST /api/lifts/{id}/params` or `/command` on `app` (one process of `t`), expected to
 * be answered 200: the controller's answer as the admin gets it (docs/device-protocol.md).
 */
export async function adminSendsToController(
  t: TestApp,
  app: TestApp['app'],
  liftId: string,
  what: 'params' | 'command',
  payload: object,
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/lifts/${liftId}/${what}`,
    headers: await t.authHeaders('admin'),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ ok: boolean; error?: string }>();
}
