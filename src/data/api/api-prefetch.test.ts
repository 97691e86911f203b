import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  prefetchGet,
  prefetchSettled,
  prefetchUrl,
  takePrefetched,
  takeSettledPrefetch,
} from './api-prefetch';

/** The requests the page sent, answered by `answer` (no server in these tests). */
function stubFetch(answer: (url: string) => Promise<Response>) {
  const asked: Array<{ url: string; headers: HeadersInit | undefined }> = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    asked.push({ url, headers: init?.headers });
    return answer(url);
  });
  return asked;
}

describe('api-prefetch', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('addresses a request by path and query, whatever the order of the names', () => {
    expect(prefetchUrl('lifts/getByPagination', { pageSize: 20, page: 1 })).toBe(
      '/api/lifts/getByPagination?page=1&pageSize=20',
    );
    expect(prefetchUrl('lifts/getByPagination', { page: 1 })).not.toBe(
      prefetchUrl('lifts/getByPagination', { page: 2 }),
    );
  });

  it('hands a successful answer to the first identical ask only', async () => {
    const asked = stubFetch(async () => new Response('{"count":0}'));
    prefetchGet('lifts/getByPagination', { page: 1, pageSize: 20 });
    expect(asked.map((request) => request.url)).toEqual(['/api/lifts/getByPagination?page=1&pageSize=20']);
    expect(await takePrefetched('lifts/getByPagination', { page: 2, pageSize: 20 })).toBeNull();
    const taken = await takePrefetched('lifts/getByPagination', { pageSize: 20, page: 1 });
    expect(taken).toEqual({ data: { count: 0 }, fromCache: false });
    expect(await takePrefetched('lifts/getByPagination', { page: 1, pageSize: 20 })).toBeNull();
  });

  it('hands out no failure: a refusal or an unreachable server leaves the ask to the HTTP client', async () => {
    stubFetch(async (url) => {
      if (url.includes('refused')) return new Response('{"message":"Invalid token"}', { status: 401 });
      throw new TypeError('Failed to fetch');
    });
    prefetchGet('refused', {});
    prefetchGet('unreachable', {});
    expect(await takePrefetched('refused', {})).toBeNull();
    expect(await takePrefetched('unreachable', {})).toBeNull();
  });

  it('hands an answer that has come to the first render, once, and says when it came from the cache', async () => {
    stubFetch(async () => new Response('{"count":3}', { headers: { 'X-From-Cache': '1' } }));
    prefetchGet('lifts/getByPagination', { page: 1, pageSize: 20 });
    // Not come yet: nothing for the first render, the screen takes it when it comes.
    expect(takeSettledPrefetch('lifts/getByPagination', { page: 1, pageSize: 20 })).toBeUndefined();
    await prefetchSettled('lifts/getByPagination', { page: 1, pageSize: 20 }, 5_000);
    expect(takeSettledPrefetch('lifts/getByPagination', { pageSize: 20, page: 1 })).toEqual({
      data: { count: 3 },
      fromCache: true,
    });
    expect(takeSettledPrefetch('lifts/getByPagination', { page: 1, pageSize: 20 })).toBeUndefined();
    expect(await takePrefetched('lifts/getByPagination', { page: 1, pageSize: 20 })).toBeNull();
  });

  it('waits for a slow answer no longer than asked, and hands out a refusal to no one', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    prefetchGet('slow', {});
    // Returns with the answer still on its way: nothing for the first render yet.
    await prefetchSettled('slow', {}, 50);
    expect(takeSettledPrefetch('slow', {})).toBeUndefined();
    answer(new Response('{"message":"Invalid token"}', { status: 401 }));
    await prefetchSettled('slow', {}, 5_000);
    expect(takeSettledPrefetch('slow', {})).toBeUndefined();
    expect(await takePrefetched('slow', {})).toBeNull();
  });

  it('does not hand out a stale answer', async () => {
    vi.useFakeTimers();
    stubFetch(async () => new Response('{}'));
    prefetchGet('lifts/getByPagination', { page: 1 });
    vi.advanceTimersByTime(10_001);
    expect(await takePrefetched('lifts/getByPagination', { page: 1 })).toBeNull();
  });
});
