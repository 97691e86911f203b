import { afterEach, describe, expect, it } from 'vitest';
import type { MirrorDb, OutboxEntry } from './mirror-db';
import { aDescription, aLift, aMessage, aPage, testMirror } from './mirror-fixtures';
import {
  BACKOFF_CAP_MS,
  backoffMs,
  type ChangeRequest,
  dropChange,
  enqueueChange,
  keepMine,
  replayOutbox,
  retryChange,
  type SendResult,
} from './outbox';
import { applyPullPage } from './pull';
import { classifyResponse, retryAfterMs } from './send';

let db: MirrorDb;
afterEach(async () => {
  await db.delete();
});

const AT = '2026-11-20T10:00:00.000Z';

async function mirrorWithOneMessage() {
  db = testMirror();
  await applyPullPage(
    db,
    aPage({
      lifts: [aLift('lift-1')],
      messages: [aMessage('m1', 'lift-1', AT), aMessage('m2', 'lift-1', AT)],
    }),
  );
}

function notesChange(messageId: string, text: string, baseVersion = 1): ChangeRequest {
  return {
    method: 'PUT',
    path: `messages/${messageId}`,
    body: { year: 2026, isNotes: true, notes: { title: '', notes: text, urls: [] }, baseVersion },
    baseVersion,
    entity: 'message',
    entityId: messageId,
    effect: 'patch',
  };
}

/** A description made offline: in the mirror under a temporary id, its create in the outbox. */
async function createDescriptionOffline(localId: string, code: number) {
  const local = aDescription(localId, code);
  const { number, name, nameDE, type, content, text } = local;
  await enqueueChange(db, {
    method: 'POST',
    path: 'descriptions/register',
    body: { number, name, nameDE, type, content, text },
    entity: 'description',
    entityId: localId,
    effect: 'create',
    row: local,
  });
}

/** A fake server: answers from a script, records what it was sent. */
function scriptedSend(script: Array<(entry: OutboxEntry) => SendResult>) {
  const sent: OutboxEntry[] = [];
  const send = async (entry: OutboxEntry) => {
    sent.push(structuredClone(entry));
    const next = script.shift();
    if (!next) throw new Error('sent once too often');
    return next(entry);
  };
  return { sent, send };
}

const okWith = (body: unknown) => () => ({ kind: 'ok', body }) as const;

describe('outbox', () => {
  it('applies a change to the mirror at once and keeps it pending with its key and base version', async () => {
    await mirrorWithOneMessage();
    await enqueueChange(db, notesChange('m1', 'Door fixed'));
    expect((await db.messages.get('m1'))?.notes?.notes).toBe('Door fixed');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      method: 'PUT',
      path: 'messages/m1',
      status: 'pending',
      attempts: 0,
      baseVersion: 1,
      entity: 'message',
    });
    expect(entry?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a 2xx removes the change and stores the server answer', async () => {
    await mirrorWithOneMessage();
    await enqueueChange(db, notesChange('m1', 'Door fixed'));
    const answer = aMessage('m1', 'lift-1', AT, {
      version: 2,
      isNotes: true,
      notes: { title: '', notes: 'Door fixed', urls: [] },
    });
    const { send } = scriptedSend([okWith(answer)]);
    const outcome = await replayOutbox(db, send);
    // Sent as soon as it was made: nothing to tell the user.
    expect(outcome).toEqual({ sent: 1, delivered: 0, nextAttemptAt: null });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.messages.get('m1'))?.version).toBe(2);
  });

  it('counts as delivered the changes that waited: made offline, sent when the network is back', async () => {
    await mirrorWithOneMessage();
    const madeAt = 1_000;
    await enqueueChange(db, notesChange('m1', 'Door fixed'), madeAt);
    await enqueueChange(db, notesChange('m2', 'Light out'), madeAt);
    const { send } = scriptedSend([
      okWith(aMessage('m1', 'lift-1', AT, { version: 2 })),
      okWith(aMessage('m2', 'lift-1', AT, { version: 2 })),
    ]);
    // Back online ten minutes later.
    const outcome = await replayOutbox(db, send, () => madeAt + 600_000);
    expect(outcome).toEqual({ sent: 2, delivered: 2, nextAttemptAt: null });
  });

  it('retries network errors, 5xx and 429 with the same key, backing off; nothing leaves before a 2xx', async () => {
    await mirrorWithOneMessage();
    await enqueueChange(db, notesChange('m1', 'Door fixed'), 0);
    let now = 1_000;
    const { sent, send } = scriptedSend([
      () => ({ kind: 'retry', unreachable: true }),
      () => ({ kind: 'retry' }),
      () => ({ kind: 'retry', retryAfterMs: 30_000 }),
      okWith(aMessage('m1', 'lift-1', AT, { version: 2 })),
    ]);
    const first = await replayOutbox(db, send, () => now);
    expect(first.sent).toBe(0);
    expect(first.nextAttemptAt).toBeGreaterThan(now);
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'pending', attempts: 1 });

    // Not due yet: nothing is sent.
    await replayOutbox(db, send, () => now);
    expect(sent).toHaveLength(1);

    now = first.nextAttemptAt ?? 0;
    const second = await replayOutbox(db, send, () => now);
    now = second.nextAttemptAt ?? 0;
    const third = await replayOutbox(db, send, () => now);
    expect((third.nextAttemptAt ?? 0) - now).toBeGreaterThanOrEqual(30_000);
    now = third.nextAttemptAt ?? 0;
    const fourth = await replayOutbox(db, send, () => now);
    expect(fourth.sent).toBe(1);
    // It had waited: the user is told it arrived.
    expect(fourth.delivered).toBe(1);
    expect(new Set(sent.map((entry) => entry.idempotencyKey)).size).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an unreachable server stops the run; other records wait for the next one', async () => {
    await mirrorWithOneMessage();
    await enqueueChange(db, notesChange('m1', 'one'));
    await enqueueChange(db, notesChange('m2', 'two'));
    const { sent, send } = scriptedSend([() => ({ kind: 'retry', unreachable: true })]);
    await replayOutbox(db, send);
    expect(sent).toHaveLength(1);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(2);
  });

  it('a 409 becomes a conflict; keep mine re-queues it on the current version with a new key', async () => {
    await mirrorWithOneMessage();
    await enqueueChange(db, notesChange('m1', 'mine'));
    const theirs = aMessage('m1', 'lift-1', AT, {
      version: 5,
      isNotes: true,
      notes: { title: '', notes: 'theirs', urls: [] },
    });
    const { sent, send } = scriptedSend([
      () => ({ kind: 'conflict', message: 'Changed by someone else in the meantime', current: theirs }),
      (entry) => okWith(aMessage('m1', 'lift-1', AT, { version: 6, notes: entry.body.notes as never }))(),
    ]);
    await replayOutbox(db, send);
    const [conflict] = await db.outbox.toArray();
    expect(conflict).toMatchObject({ status: 'conflict', current: theirs });
    // The screen keeps showing mine until the user decides.
    expect((await db.messages.get('m1'))?.notes?.notes).toBe('mine');

    await keepMine(db, conflict?.id ?? '');
    await replayOutbox(db, send);
    expect(sent[1]?.body.baseVersion).toBe(5);
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.messages.get('m1')).toMatchObject({ version: 6, notes: { notes: 'mine' } });
  });

  it('take theirs drops my change and shows the server version', async () => {
    await mirrorWithOneMessage();
    await enqueueChange(db, notesChange('m1', 'mine'));
    const theirs = aMessage('m1', 'lift-1', AT, {
      version: 5,
      notes: { title: '', notes: 'theirs', urls: [] },
    });
    const { send } = scriptedSend([() => ({ kind: 'conflict', message: 'x', current: theirs })]);
    await replayOutbox(db, send);
    const [conflict] = await db.outbox.toArray();
    await dropChange(db, conflict?.id ?? '');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.messages.get('m1')).toMatchObject({ version: 5, notes: { notes: 'theirs' } });
  });

  it('another 4xx is a failed change with the reason; a new edit replaces it, dropping restores the row', async () => {
    await mirrorWithOneMessage();
    await enqueueChange(db, notesChange('m1', 'x'.repeat(5)));
    const { sent, send } = scriptedSend([
      () => ({ kind: 'failed', message: 'Too long' }),
      () => ({ kind: 'failed', message: 'Still refused' }),
    ]);
    await replayOutbox(db, send);
    const [failed] = await db.outbox.toArray();
    expect(failed).toMatchObject({ status: 'failed', error: 'Too long' });

    // Failed changes wait for the user: a replay leaves them alone.
    await replayOutbox(db, send);
    expect(sent).toHaveLength(1);

    await enqueueChange(db, notesChange('m1', 'fixed'));
    const [fixed] = await db.outbox.toArray();
    expect(await db.outbox.count()).toBe(1);
    expect(fixed).toMatchObject({ status: 'pending', id: failed?.id });
    expect(fixed?.idempotencyKey).not.toBe(failed?.idempotencyKey);
    expect((fixed?.body.notes as { notes: string } | undefined)?.notes).toBe('fixed');

    await replayOutbox(db, send);
    await dropChange(db, fixed?.id ?? '');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.messages.get('m1'))?.notes).toBeNull();
  });

  it('retry sends a failed change again with a new key', async () => {
    await mirrorWithOneMessage();
    await enqueueChange(db, notesChange('m1', 'x'));
    const { sent, send } = scriptedSend([() => ({ kind: 'failed', message: 'No' }), okWith(null)]);
    await replayOutbox(db, send);
    const [failed] = await db.outbox.toArray();
    await retryChange(db, failed?.id ?? '');
    await replayOutbox(db, send);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the order per record: a later change waits behind an earlier one, then builds on its version', async () => {
    await mirrorWithOneMessage();
    await enqueueChange(db, notesChange('m1', 'first'), 0);
    await enqueueChange(db, notesChange('m1', 'second'), 0);
    await enqueueChange(db, notesChange('m2', 'other'), 0);
    const { sent, send } = scriptedSend([
      () => ({ kind: 'retry' }),
      okWith(aMessage('m2', 'lift-1', AT, { version: 2 })),
      okWith(aMessage('m1', 'lift-1', AT, { version: 2 })),
      (entry) => okWith(aMessage('m1', 'lift-1', AT, { version: 3, notes: entry.body.notes as never }))(),
    ]);
    let now = 1;
    const first = await replayOutbox(db, send, () => now);
    // m1's first change waits; its second is held back; m2 goes on.
    expect(sent.map((entry) => entry.path)).toEqual(['messages/m1', 'messages/m2']);
    now = first.nextAttemptAt ?? 0;
    await replayOutbox(db, send, () => now);
    expect(sent.map((entry) => (entry.body.notes as { notes: string }).notes)).toEqual([
      'first',
      'other',
      'first',
      'second',
    ]);
    expect(sent[3]?.body.baseVersion).toBe(2);
    expect(await db.messages.get('m1')).toMatchObject({ version: 3, notes: { notes: 'second' } });
  });

  it('a row made offline gets the server id when its create is answered', async () => {
    db = testMirror();
    await createDescriptionOffline('local-1', 900);
    expect(await db.descriptions.get('local-1')).toBeTruthy();
    const { send } = scriptedSend([okWith(aDescription('server-9', 900))]);
    await replayOutbox(db, send);
    expect((await db.descriptions.toArray()).map((d) => d.id)).toEqual(['server-9']);
  });

  it('an edit made while its create is on the way queues behind it and is sent after, not lost', async () => {
    db = testMirror();
    await createDescriptionOffline('local-2', 901);
    const { sent, send } = scriptedSend([
      () => ({ kind: 'ok', body: aDescription('server-10', 901) }),
      (entry) => ({ kind: 'ok', body: { ...aDescription('server-10', 901), ...entry.body, version: 2 } }),
    ]);
    const editWhileSending = async (entry: OutboxEntry) => {
      if (entry.effect === 'create') {
        await enqueueChange(db, {
          method: 'PUT',
          path: 'descriptions/local-2',
          body: { text: 'edited on the way', baseVersion: 1 },
          baseVersion: 1,
          entity: 'description',
          entityId: 'local-2',
          effect: 'patch',
        });
      }
      return send(entry);
    };

    await replayOutbox(db, editWhileSending);
    // The edit asked for another run (the engine's `wanted`), which sends it on the server's id.
    await replayOutbox(db, editWhileSending);

    expect(sent.map((entry) => [entry.method, entry.path])).toEqual([
      ['POST', 'descriptions/register'],
      ['PUT', 'descriptions/server-10'],
    ]);
    expect(sent[0]?.body).not.toHaveProperty('text', 'edited on the way');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.descriptions.get('server-10'))?.text).toBe('edited on the way');
  });

  it('deleting a lift removes it and its messages at once; dropping the change brings the lift back', async () => {
    await mirrorWithOneMessage();
    const id = await enqueueChange(db, {
      method: 'POST',
      path: 'lifts/deleteByIds',
      body: { ids: ['lift-1'] },
      entity: 'lift',
      entityId: 'lift-1',
      effect: 'delete',
    });
    expect(await db.lifts.count()).toBe(0);
    expect(await db.messages.count()).toBe(0);
    // A pull before the delete is sent does not bring it back.
    await applyPullPage(db, aPage({ cursor: 'c2', lifts: [aLift('lift-1', { version: 2 })] }));
    expect(await db.lifts.count()).toBe(0);
    await dropChange(db, id);
    expect(await db.lifts.get('lift-1')).toBeTruthy();
  });
});

describe('backoff and answers', () => {
  it('grows exponentially and stops at a minute', () => {
    expect(backoffMs(1, () => 0.5)).toBe(1000);
    expect(backoffMs(3, () => 0.5)).toBe(4000);
    expect(backoffMs(30, () => 1)).toBeLessThanOrEqual(BACKOFF_CAP_MS * 1.15);
    expect(backoffMs(30, () => 0.5)).toBe(BACKOFF_CAP_MS);
  });

  it('reads Retry-After in seconds and as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it.each([
    [200, { id: 'x' }, 'ok'],
    [409, { message: 'Changed by someone else in the meantime', current: { id: 'x' } }, 'conflict'],
    [400, { message: 'Invalid request' }, 'failed'],
    [404, { message: 'Not found' }, 'failed'],
    [500, { message: 'Server error' }, 'retry'],
    [503, null, 'retry'],
    [408, null, 'retry'],
    [429, null, 'retry'],
  ])('classifies %i as %s', async (status, body, kind) => {
    const response = new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
    });
    const result = await classifyResponse(response);
    expect(result.kind).toBe(kind);
    if (result.kind === 'retry' && status === 429) expect(result.retryAfterMs).toBe(2000);
    if (result.kind === 'conflict') expect(result.current).toEqual({ id: 'x' });
  });
});
