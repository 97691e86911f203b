import { startTransition, useEffect, useReducer, useRef } from 'react';

/** A tiny subscribable value: enough for session, layout and socket state without a state library. */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  update(change: (current: T) => T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T | (() => T)): Store<T> {
  let initialised = false;
  let value: T;
  const listeners = new Set<() => void>();
  // Lazy so that modules can be imported where there is no localStorage (unit tests).
  const read = () => {
    if (!initialised) {
      value = typeof initial === 'function' ? (initial as () => T)() : initial;
      initialised = true;
    }
    return value;
  };
  const store: Store<T> = {
    get: read,
    set(next) {
      read();
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    update(change) {
      store.set(change(read()));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

export function useStore<T>(store: Store<T>): T {
  return useStoreSelect(store, same);
}

const same = <T>(value: T): T => value;

/**
 * One part of a store's value: the component renders again only when that part changes (by
 * `Object.is`), not on every change of the store. `select` must answer a value or a reference the
 * store holds, never a new object.
 *
 * A change renders in a transition, which React splits into short slices and pauses for input.
 * Not `useSyncExternalStore`: React renders a change through it synchronously, and one that came
 * while a screen was being drawn in an interruptible render (src/ui/InterruptibleMount.tsx) drew
 * the whole screen again in one blocking task; answers from the server set these stores in the
 * first seconds of every visit (docs/performance.md#where-the-lift-lists-main-thread-goes). So
 * two components may show a store one render apart; both follow it, and a component that mounted
 * after a change it missed renders again at once.
 */
export function useStoreSelect<T, S>(store: Store<T>, select: (value: T) => S): S {
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  const selected = select(store.get());
  const selectPart = useRef(select);
  // What the committed render shows: a render React dropped must not count as shown.
  const shown = useRef(selected);
  useEffect(() => {
    selectPart.current = select;
    shown.current = selected;
  });
  useEffect(() => {
    const follow = () => {
      if (!Object.is(selectPart.current(store.get()), shown.current)) startTransition(renderAgain);
    };
    follow();
    return store.subscribe(follow);
  }, [store]);
  return selected;
}

/** localStorage that tolerates private mode, quota errors and its absence (tests). */
export const storage = {
  read(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  write(key: string, value: string | null): void {
    try {
      if (value === null) globalThis.localStorage?.removeItem(key);
      else globalThis.localStorage?.setItem(key, value);
    } catch {
      // Storage full or blocked: the value lives for this page only.
    }
  },
};
