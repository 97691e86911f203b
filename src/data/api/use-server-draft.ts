import { useCallback, useState } from 'react';

/** A form's draft of a server record: what the user edits, beside the version it was started from. */
export interface ServerDraft<D> {
  /** What the user edits. */
  draft: D;
  /** The draft as the record's `version` gives it: the draft is dirty while it is another. */
  base: D;
  version: string;
  /** The draft a save sent; while nothing was typed after it, the saved record replaces it. */
  sent: D | null;
}

/**
 * A new version of the record (loaded, saved, or changed elsewhere). An untouched draft, or one
 * just saved as it stands, starts afresh from it; a draft with edits keeps them (never lost
 * silently) and stays dirty against the new version.
 */
export function draftOnVersion<D>(state: ServerDraft<D> | null, fresh: D, version: string): ServerDraft<D> {
  if (!state || state.draft === state.base || state.draft === state.sent) {
    return { draft: fresh, base: fresh, version, sent: null };
  }
  return { ...state, base: fresh, version, sent: null };
}

export const editDraft = <D>(state: ServerDraft<D>, change: (draft: D) => D): ServerDraft<D> => ({
  ...state,
  draft: change(state.draft),
});

/** The server took `sent`: the version it answers replaces the draft unless it was edited since. */
export const draftSent = <D>(state: ServerDraft<D>, sent: D): ServerDraft<D> => ({ ...state, sent });

/**
 * The draft of `record` (null while it loads) as `toDraft` makes it, started afresh by each new
 * `version` under the rules of `draftOnVersion`. Null until the record is there.
 */
export function useServerDraft<R, D>(record: R | null, version: string | null, toDraft: (record: R) => D) {
  const [state, setState] = useState<ServerDraft<D> | null>(null);
  let current = state;
  // Adjusted while rendering, not in an effect: the new version's draft is drawn at once.
  if (record !== null && version !== null && state?.version !== version) {
    current = draftOnVersion(state, toDraft(record), version);
    setState(current);
  }
  const edit = useCallback(
    (change: (draft: D) => D) => setState((now) => (now ? editDraft(now, change) : now)),
    [],
  );
  const sent = useCallback((draft: D) => setState((now) => (now ? draftSent(now, draft) : now)), []);
  return {
    draft: current?.draft ?? null,
    dirty: current !== null && current.draft !== current.base,
    edit,
    /** Call with the draft a save sent, once the server took it (before its answer is put in). */
    sent,
  };
}
