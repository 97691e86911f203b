import { type APIRequestContext, expect, type Page, type Request } from '@playwright/test';

/**
 * Going from page to page the way a link does, for the specs that visit every page of a role
 * (accessibility, no sideways scroll): one sign-in and one load of the app, then client-side
 * navigation. A full load per page cost these specs most of their time.
 */

/** Requests of the page still under way (the user socket's long polls aside). */
export function trackRequests(page: Page) {
  const open = new Set<Request>();
  const done = (request: Request) => open.delete(request);
  page.on('request', (request) => {
    if (!request.url().includes('/socket.io/')) open.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => [...open].map((request) => request.url());
}

/**
 * TanStack Router puts itself on the window (for its devtools); the walk navigates through it as a
 * link would, and reads whether it is done.
 */
interface RouterWindow {
  __TSR_ROUTER__: {
    navigate(options: { href: string }): Promise<void>;
    state: { status: string; location: { href: string }; resolvedLocation?: { href: string } };
  };
}

/** What counts as a page drawn: its heading, or (`'headingOrError'`) the error it shows instead. */
export type Drawn = 'heading' | 'headingOrError';

/**
 * Waits until the page has drawn its content: the router done, the page's heading shown (or its
 * error, where the walk checks error views too), nothing loading or moving, and no request under
 * way (a page's own fetches start in effects after it is drawn, and what they bring may start more).
 */
export async function settle(page: Page, openRequests: () => string[], drawn: Drawn = 'heading') {
  for (;;) {
    await page.waitForFunction(
      (acceptError) => {
        const { state } = (window as unknown as RouterWindow).__TSR_ROUTER__;
        if (state.status !== 'idle' || state.resolvedLocation?.href !== state.location.href) return false;
        const shown =
          document.querySelector('h1') ??
          (acceptError ? document.querySelector('main [role="alert"]') : null);
        if (!shown?.checkVisibility()) return false;
        if (document.querySelector('[aria-busy="true"], .chakra-spinner')) return false;
        return document.getAnimations().every((animation) => animation.playState !== 'running');
      },
      drawn === 'headingOrError',
      { timeout: 30_000 },
    );
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    if (openRequests().length === 0) return;
    await expect
      .poll(openRequests, { intervals: [50], message: `requests under way on ${page.url()}` })
      .toEqual([]);
  }
}

/** Client-side navigation to `path`, as a click on a link to it; a redirect is followed. */
export async function navigate(
  page: Page,
  path: string,
  openRequests: () => string[],
  drawn: Drawn = 'heading',
) {
  // The router is set on the window once the app has started: a walk's first step can come sooner.
  await page.waitForFunction(() => (window as unknown as Partial<RouterWindow>).__TSR_ROUTER__ !== undefined);
  await page.evaluate((href) => (window as unknown as RouterWindow).__TSR_ROUTER__.navigate({ href }), path);
  await settle(page, openRequests, drawn);
}

/** Reads the API as the signed-in role, for the walk's samples (a lift, a project…); null when refused. */
export function apiReader(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return async (path: string) => {
    const response = await request.get(path, { headers });
    return response.ok() ? await response.json() : null;
  };
}
