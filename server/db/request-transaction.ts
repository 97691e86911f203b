import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client';

/** A transaction of `db.transaction`, as Drizzle hands it to the callback. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

interface Scope {
  tx: Transaction;
  /** Whether `app.db` means the transaction here; work started in it that runs later uses the pool. */
  joinable: boolean;
  /** True once the transaction committed or rolled back. */
  done: boolean;
  afterCommit: (() => void)[];
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * The database every module holds (`app.db`). Inside `runInTransaction` it is that transaction, so
 * a handler's writes and what is recorded about them commit together (docs/api.md#idempotency-key);
 * everywhere else, and for timers a handler started that fire after its end, it is the pool.
 */
export function transactionAware(base: Database): Database {
  return new Proxy(base, {
    get(target, property) {
      const scope = scopes.getStore();
      const source = scope?.joinable ? scope.tx : target;
      const value = Reflect.get(source, property, source);
      return typeof value === 'function' ? value.bind(source) : value;
    },
  });
}

/**
 * Runs `work` in one transaction of `db` (the pool, not the proxy) that every use of the
 * transaction-aware database joins, until `work` calls `leave` or ends. `afterCommit` callbacks
 * queued meanwhile run after the commit and are dropped on a rollback.
 */
export async function runInTransaction<T>(
  db: Database,
  work: (tx: Transaction, leave: () => void) => Promise<T>,
): Promise<T> {
  let scope: Scope | undefined;
  try {
    const result = await db.transaction((tx) => {
      const current: Scope = { tx, joinable: true, done: false, afterCommit: [] };
      scope = current;
      return scopes.run(current, () =>
        work(tx, () => {
          current.joinable = false;
        }),
      );
    });
    if (scope) Object.assign(scope, { joinable: false, done: true });
    for (const callback of scope?.afterCommit ?? []) callback();
    return result;
  } finally {
    if (scope) Object.assign(scope, { joinable: false, done: true });
  }
}

/**
 * Runs `callback` once what the current request wrote is visible to others: at once outside a
 * request transaction, after its commit inside one. For events that make clients read again.
 */
export function afterCommit(callback: () => void): void {
  const scope = scopes.getStore();
  if (scope && !scope.done) scope.afterCommit.push(callback);
  else callback();
}
