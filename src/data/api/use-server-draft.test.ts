import { describe, expect, it } from 'vitest';
import { draftOnVersion, draftSent, editDraft } from './use-server-draft';

interface Notes {
  notes: string;
}

const loaded = draftOnVersion<Notes>(null, { notes: 'v1' }, 'p:1');

describe('server drafts', () => {
  it('starts from the loaded record, clean', () => {
    expect(loaded.draft).toEqual({ notes: 'v1' });
    expect(loaded.draft).toBe(loaded.base);
  });

  it('takes a new version as it is while nothing was typed', () => {
    const next = draftOnVersion(loaded, { notes: 'v2' }, 'p:2');
    expect(next.draft).toEqual({ notes: 'v2' });
    expect(next.draft).toBe(next.base);
  });

  it('takes the saved record in place of the draft it was saved from', () => {
    const typed = editDraft(loaded, () => ({ notes: 'typed' }));
    const saved = draftOnVersion(draftSent(typed, typed.draft), { notes: 'typed (saved)' }, 'p:2');
    expect(saved.draft).toEqual({ notes: 'typed (saved)' });
    expect(saved.draft).toBe(saved.base);
  });

  it('keeps what was typed while the save was on its way, still unsaved', () => {
    const typed = editDraft(loaded, () => ({ notes: 'typed' }));
    const sending = draftSent(typed, typed.draft);
    const typedMeanwhile = editDraft(sending, (draft) => ({ notes: `${draft.notes} and more` }));
    const saved = draftOnVersion(typedMeanwhile, { notes: 'typed' }, 'p:2');
    expect(saved.draft).toEqual({ notes: 'typed and more' });
    expect(saved.draft).not.toBe(saved.base);
    expect(saved.base).toEqual({ notes: 'typed' });
  });

  it('keeps unsaved edits over a version changed elsewhere (a state move, a reload)', () => {
    const typed = editDraft(loaded, () => ({ notes: 'typed' }));
    const moved = draftOnVersion(typed, { notes: 'v1' }, 'p:2');
    expect(moved.draft).toEqual({ notes: 'typed' });
    expect(moved.version).toBe('p:2');
    expect(moved.draft).not.toBe(moved.base);
  });

  it('forgets a sent draft once its version came: later edits are kept over the next one', () => {
    const typed = editDraft(loaded, () => ({ notes: 'typed' }));
    const saved = draftOnVersion(draftSent(typed, typed.draft), { notes: 'typed' }, 'p:2');
    const again = editDraft(saved, () => ({ notes: 'again' }));
    expect(draftOnVersion(again, { notes: 'typed' }, 'p:3').draft).toEqual({ notes: 'again' });
  });
});
