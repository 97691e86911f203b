import { describe, expect, it } from 'vitest';
import { aMessage } from '../../data/mirror/mirror-fixtures';
import { mergeLiveMessage } from './use-live-messages';

const page = (ids: Array<[string, string]>, count = ids.length) => ({
  messages: ids.map(([id, at]) => aMessage(id, 'a', at)),
  count,
});
const ids = (merged: ReturnType<typeof mergeLiveMessage>) => merged?.messages.map((m) => m.id);

describe('mergeLiveMessage', () => {
  const shown = page(
    [
      ['m3', '2026-11-20T12:00:00.000Z'],
      ['m2', '2026-11-20T11:00:00.000Z'],
    ],
    5,
  );

  it('puts a new reading at its place on the first page, keeps the page size and counts it', () => {
    const merged = mergeLiveMessage(shown, aMessage('m4', 'a', '2026-11-20T11:30:00.000Z'), {
      firstPage: true,
      pageSize: 2,
    });
    expect(ids(merged)).toEqual(['m3', 'm4']);
    expect(merged?.count).toBe(6);
  });

  it('only counts a new reading on a later page, and leaves out kinds the list does not hold', () => {
    const later = mergeLiveMessage(shown, aMessage('m4', 'a', '2026-11-20T13:00:00.000Z'), {
      firstPage: false,
      pageSize: 2,
    });
    expect(ids(later)).toEqual(['m3', 'm2']);
    expect(later?.count).toBe(6);
    const stats = aMessage('s1', 'a', '2026-11-20T13:00:00.000Z', { kind: 'stats', code: null });
    expect(mergeLiveMessage(shown, stats, { firstPage: true, pageSize: 20 })).toBe(shown);
  });

  it('replaces a shown row with a newer version, never with an older one', () => {
    const notes = { title: 'Door', notes: '', urls: [] };
    const noted = aMessage('m2', 'a', '2026-11-20T11:00:00.000Z', { isNotes: true, notes, version: 2 });
    const merged = mergeLiveMessage(shown, noted, { firstPage: true, pageSize: 20 });
    expect(merged?.messages[1]?.notes).toEqual(notes);
    expect(merged?.count).toBe(5);
    expect(mergeLiveMessage(merged, shown.messages[1]!, { firstPage: true, pageSize: 20 })).toBe(merged);
  });

  it('leaves the page alone for a changed reading it does not show', () => {
    const elsewhere = aMessage('old', 'a', '2026-01-01T00:00:00.000Z', { version: 2 });
    expect(mergeLiveMessage(shown, elsewhere, { firstPage: true, pageSize: 20 })).toBe(shown);
  });
});
