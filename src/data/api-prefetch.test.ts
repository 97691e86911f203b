import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const get =
  vi.fn<(path: string, options: { searchParams: Record<string, string | number> }) => Promise<Response>>();
vi.mock('./http', () => ({ api: { get: (...args: Parameters<typeof get>) => get(...args) } }));

const { prefetchGet, prefetchKey, takePrefetched } = await import('./api-prefetch');

describe('api-prefetch', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation(() => Promise.resolve(new Response('{"count":0}')));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keys a request by path and query, whatever the order of the names', () => {
    expect(prefetchKey('lifts/getByPagination', { page: 1, pageSize: 20 })).toBe(
      prefetchKey('lifts/getByPagination', { pageSize: 20, page: 1 }),
    );
    expect(prefetchKey('lifts/getByPagination', { page: 1 })).not.toBe(
      prefetchKey('lifts/getByPagination', { page: 2 }),
    );
  });

  it('hands the prefetched answer to the first identical ask only', async () => {
    prefetchGet('lifts/getByPagination', { page: 1, pageSize: 20 });
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]?.[1]).toEqual({ searchParams: { page: 1, pageSize: 20 } });
    expect(takePrefetched('lifts/getByPagination', { page: 2, pageSize: 20 })).toBeUndefined();
    const taken = takePrefetched('lifts/getByPagination', { pageSize: 20, page: 1 });
    expect(await (await taken)?.json()).toEqual({ count: 0 });
    expect(takePrefetched('lifts/getByPagination', { page: 1, pageSize: 20 })).toBeUndefined();
  });

  it('does not hand out a stale answer', () => {
    vi.useFakeTimers();
    prefetchGet('lifts/getByPagination', { page: 1 });
    vi.advanceTimersByTime(10_001);
    expect(takePrefetched('lifts/getByPagination', { page: 1 })).toBeUndefined();
  });

  it('passes a failure to the screen that takes it', async () => {
    get.mockImplementation(() => Promise.reject(new Error('unreachable')));
    prefetchGet('config', {});
    await expect(takePrefetched('config', {})).rejects.toThrow('unreachable');
  });

  it('drops the failure of an answer nobody takes quietly (no unhandled rejection)', async () => {
    get.mockImplementation(() => Promise.reject(new Error('unreachable')));
    prefetchGet('alarms/count', {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(get).toHaveBeenCalledTimes(1);
  });
});
