import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReloadChange, ServerToClientEvents } from '../../../contract/socket';
import type { subscribeSocketEvent } from '../session/socket';
import { followServerEvents } from './engine';
import type { MirrorDb } from './mirror-db';
import { aLift, aMessage, aPage, testMirror } from './mirror-fixtures';
import { enqueueChange } from './outbox';
import { applyPullPage } from './pull';

let db: MirrorDb;
let stops: Array<() => void> = [];
afterEach(async () => {
  for (const stop of stops) stop();
  stops = [];
  await db.delete();
});

/** The engine's socket reactions on a test mirror, with a hand to deliver events to them. */
function follow() {
  const handlers = new Map<string, (...args: never[]) => unknown>();
  const subscribe = ((event, handler) => {
    handlers.set(event, handler as (...args: never[]) => unknown);
    return () => handlers.delete(event);
  }) as typeof subscribeSocketEvent;
  const requestPull = vi.fn();
  stops = followServerEvents(db, requestPull, subscribe);
  const deliver = <E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ) => (handlers.get(event) as ((...a: typeof args) => void) | undefined)?.(...args);
  return { deliver, requestPull };
}

/** A lift's mirrored messages as `id@version`, sorted (the handlers write asynchronously: poll it). */
const messagesOf = async (liftId: string) =>
  (await db.messages.where('liftId').equals(liftId).toArray()).map((m) => `${m.id}@${m.version}`).sort();

describe('reload', () => {
  it('pulls for mirrored entities only; users and unknown entities leave the mirror alone', () => {
    db = testMirror();
    const { deliver, requestPull } = follow();
    deliver('reload', { entity: 'messages', liftIds: ['a'] });
    deliver('reload', { entity: 'descriptions' });
    deliver('reload', { entity: 'lifts' });
    expect(requestPull).toHaveBeenCalledTimes(3);

    requestPull.mockClear();
    deliver('reload', { entity: 'users' });
    deliver('reload', { entity: 'chat' } as unknown as ReloadChange);
    deliver('reload', { entity: 'sync' } as unknown as ReloadChange);
    deliver('reload', undefined as unknown as ReloadChange);
    expect(requestPull).not.toHaveBeenCalled();
  });
});

describe('lift:message', () => {
  it('puts the row into the mirror at once, without a pull', async () => {
    db = testMirror();
    await applyPullPage(
      db,
      aPage({ lifts: [aLift('a')], messages: [aMessage('m1', 'a', '2026-11-20T10:00:00.000Z')] }),
    );
    const { deliver, requestPull } = follow();
    deliver('lift:message', aMessage('m2', 'a', '2026-11-21T11:00:00.000Z', { code: 7 }));
    await vi.waitFor(async () => expect(await messagesOf('a')).toEqual(['m1@1', 'm2@1']));
    expect((await db.messages.get('m2'))?.code).toBe(7);
    expect(requestPull).not.toHaveBeenCalled();
  });

  it('skips rows of lifts it does not hold, older than 90 days, or older than the version held', async () => {
    db = testMirror();
    // The last pull's server time is 2026-11-21T12:00Z: the window starts 2026-08-23T12:00Z.
    await applyPullPage(
      db,
      aPage({
        lifts: [aLift('a')],
        messages: [aMessage('m1', 'a', '2026-11-20T10:00:00.000Z', { version: 3 })],
      }),
    );
    const { deliver } = follow();
    deliver('lift:message', aMessage('x1', 'unknown-lift', '2026-11-21T11:00:00.000Z'));
    deliver('lift:message', aMessage('old', 'a', '2026-08-23T11:59:59.999Z'));
    deliver('lift:message', aMessage('m1', 'a', '2026-11-20T10:00:00.000Z', { version: 2, code: 9 }));
    // In the window by a millisecond: the barrier that the earlier deliveries were handled.
    deliver('lift:message', aMessage('edge', 'a', '2026-08-23T12:00:00.000Z'));
    await vi.waitFor(async () => expect(await messagesOf('a')).toEqual(['edge@1', 'm1@3']));
    expect(await db.messages.count()).toBe(2);
    expect((await db.messages.get('m1'))?.code).toBe(101);
  });

  it("keeps the user's pending notes on top of a pushed newer row", async () => {
    db = testMirror();
    await applyPullPage(
      db,
      aPage({ lifts: [aLift('a')], messages: [aMessage('m1', 'a', '2026-11-20T10:00:00.000Z')] }),
    );
    const notes = { title: 'Door', notes: 'Fixed the door', urls: [] };
    await enqueueChange(db, {
      method: 'PUT',
      path: 'messages/m1',
      body: { year: 2026, isNotes: true, notes, baseVersion: 1 },
      baseVersion: 1,
      entity: 'message',
      entityId: 'm1',
      effect: 'patch',
    });
    const { deliver } = follow();
    const theirs = { title: 'Theirs', notes: 'Other text', urls: [] };
    deliver(
      'lift:message',
      aMessage('m1', 'a', '2026-11-20T10:00:00.000Z', { isNotes: true, notes: theirs, version: 2 }),
    );
    await vi.waitFor(async () => expect((await db.messages.get('m1'))?.version).toBe(2));
    expect((await db.messages.get('m1'))?.notes).toEqual(notes);
    expect(await db.outbox.count()).toBe(1);
  });

  it('a removed lift takes its messages; a late message of it stays out', async () => {
    db = testMirror();
    await applyPullPage(
      db,
      aPage({ lifts: [aLift('a')], messages: [aMessage('m1', 'a', '2026-11-20T10:00:00.000Z')] }),
    );
    const { deliver } = follow();
    deliver('lift:removed', { id: 'a' });
    await vi.waitFor(async () => expect(await db.lifts.count()).toBe(0));
    deliver('lift:message', aMessage('m2', 'a', '2026-11-21T11:00:00.000Z'));
    deliver('lift', aLift('b'));
    await vi.waitFor(async () => expect(await db.lifts.count()).toBe(1));
    expect(await db.messages.count()).toBe(0);
  });
});
