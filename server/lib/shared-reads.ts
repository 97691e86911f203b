/**
 * Reads that the requests asking for the same key share for a short while: the first request
 * starts the read, the others take its promise, and its answer is reused until `reuseMs` after it
 * arrived (a slow read on a loaded database is reused a while after it, not never). Used where a
 * read costs more than a second of staleness is worth (docs/api.md#lift-list).
 *
 * Bounded: when `maxEntries` keys, or answers of `maxSize` in total (by `sizeOf`), are kept, all of
 * them are dropped (searches make many keys; a full clear is cheaper than tracking use). A read that
 * fails is forgotten, so the next request reads again.
 */
export interface SharedReadsOptions<T> {
  reuseMs: number;
  maxEntries: number;
  sizeOf?: (value: T) => number;
  maxSize?: number;
}

interface Entry<T> {
  value: Promise<T>;
  /** When the answer arrived; unset while the read runs. */
  readAt?: number;
  /** The newest answer that arrived for this key: this read's, or while it runs the one before. */
  latest?: T;
  size: number;
}

export class SharedReads<T> {
  readonly #entries = new Map<string, Entry<T>>();
  #size = 0;

  constructor(private readonly options: SharedReadsOptions<T>) {}

  /**
   * The shared read of `key`, started by `read` when none is fresh; `latest` is the newest answer
   * that arrived for the key, however old (a hint while a new read runs).
   */
  read(
    key: string,
    read: (latest: T | undefined) => Promise<T>,
  ): { value: Promise<T>; latest: T | undefined } {
    const known = this.#entries.get(key);
    if (known && (known.readAt === undefined || Date.now() - known.readAt < this.options.reuseMs)) {
      return { value: known.value, latest: known.latest };
    }
    if (known) this.#forget(key, known);
    if (this.#entries.size >= this.options.maxEntries) this.clear();
    const latest = known?.latest;
    const entry: Entry<T> = { value: read(latest), latest, size: 0 };
    this.#entries.set(key, entry);
    entry.value.then(
      (value) => {
        entry.readAt = Date.now();
        entry.latest = value;
        if (this.#entries.get(key) !== entry) return; // cleared meanwhile: keep nothing
        entry.size = this.options.sizeOf?.(value) ?? 0;
        this.#size += entry.size;
        if (this.options.maxSize !== undefined && this.#size > this.options.maxSize) this.clear();
      },
      () => this.#entries.get(key) === entry && this.#forget(key, entry),
    );
    return { value: entry.value, latest };
  }

  /** Forgets every answer (after a write that may change them). */
  clear(): void {
    this.#entries.clear();
    this.#size = 0;
  }

  #forget(key: string, entry: Entry<T>): void {
    this.#entries.delete(key);
    this.#size -= entry.size;
  }
}
