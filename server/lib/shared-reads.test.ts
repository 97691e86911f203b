import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharedReads } from './shared-reads';

describe('SharedReads', () => {
  afterEach(() => vi.useRealTimers());

  /** A read that answers `answer` and counts how often it ran. */
  function counted<T>(answer: T) {
    const read = vi.fn(async (_latest: T | undefined) => answer);
    return read;
  }

  it('shares one read among the requests of a key until reuseMs after its answer came', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const reads = new SharedReads<string>({ reuseMs: 1000, maxEntries: 10 });
    const read = counted('page 1');
    const first = reads.read('k', read).value;
    const second = reads.read('k', read).value; // while the first runs
    expect(await first).toBe('page 1');
    expect(await second).toBe('page 1');
    vi.advanceTimersByTime(999);
    await reads.read('k', read).value;
    expect(read).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    await reads.read('k', read).value;
    expect(read).toHaveBeenCalledTimes(2);
    // Other keys are read on their own.
    await reads.read('other', read).value;
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('hands a new read the newest answer of its key, however old, and says it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const reads = new SharedReads<number>({ reuseMs: 1000, maxEntries: 10 });
    expect(reads.read('k', async () => 1).latest).toBeUndefined();
    await Promise.resolve();
    await Promise.resolve();
    vi.advanceTimersByTime(5000);
    const again = vi.fn(async (latest: number | undefined) => (latest ?? 0) + 1);
    const { value, latest } = reads.read('k', again);
    expect(latest).toBe(1);
    expect(again).toHaveBeenCalledWith(1);
    expect(await value).toBe(2);
  });

  it('forgets everything on clear, and a read that was running when it cleared is not kept', async () => {
    const reads = new SharedReads<string>({ reuseMs: 60_000, maxEntries: 10 });
    let finish: (text: string) => void = () => {};
    const running = reads.read('k', () => new Promise<string>((resolve) => (finish = resolve))).value;
    reads.clear();
    finish('before the write');
    expect(await running).toBe('before the write');
    const read = counted('after the write');
    expect(await reads.read('k', read).value).toBe('after the write');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('forgets a read that failed, so the next request reads again', async () => {
    const reads = new SharedReads<string>({ reuseMs: 60_000, maxEntries: 10 });
    await expect(
      reads.read('k', async () => Promise.reject(new Error('connection lost'))).value,
    ).rejects.toThrow('connection lost');
    const read = counted('fine');
    expect(await reads.read('k', read).value).toBe('fine');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('drops every answer when the count or the total size would pass its bound', async () => {
    const byCount = new SharedReads<string>({ reuseMs: 60_000, maxEntries: 2 });
    await byCount.read('a', async () => 'a').value;
    await byCount.read('b', async () => 'b').value;
    await byCount.read('c', async () => 'c').value; // full: a and b go
    const readA = counted('a again');
    expect(await byCount.read('a', readA).value).toBe('a again');

    const bySize = new SharedReads<string>({
      reuseMs: 60_000,
      maxEntries: 100,
      sizeOf: (text) => text.length,
      maxSize: 10,
    });
    await bySize.read('small', async () => '12345').value;
    const small = counted('unused');
    await bySize.read('small', small).value;
    expect(small).not.toHaveBeenCalled();
    await bySize.read('large', async () => '1234567890').value; // 15 characters in all: both go
    await bySize.read('small', small).value;
    expect(small).toHaveBeenCalledTimes(1);
  });
});
