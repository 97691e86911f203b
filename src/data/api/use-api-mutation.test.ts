import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableauApi } from '../../../contract/api/tableau';
import { ApiRequestError } from './api-error';
import { callEndpoint } from './use-api';
import { idleMutation, type MutationState, runMutation } from './use-api-mutation';

/** The requests sent, answered by `answer` (no server here; the client's `/api` is made absolute). */
function stubServer(answer: (request: Request) => Response | Promise<Response>) {
  const sent: Array<{ method: string; url: string; body: string }> = [];
  class PortalRequest extends Request {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://portal.test') : input, init);
    }
  }
  vi.stubGlobal('Request', PortalRequest);
  vi.stubGlobal('fetch', async (request: Request) => {
    sent.push({ method: request.method, url: request.url, body: await request.clone().text() });
    return answer(request);
  });
  return sent;
}

/** A state the test reads, changed as the hook's `setState` would change it. */
function stateHolder() {
  let state: MutationState = idleMutation;
  const seen: MutationState[] = [];
  return {
    update: (change: (current: MutationState) => MutationState) => {
      state = change(state);
      seen.push(state);
    },
    get: () => state,
    seen,
  };
}

const folder = { id: 'f1', name: 'Taster', notes: '', isPublic: false, subfolderCount: 0 };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('runMutation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the entry through call(), answers its answer and then reloads what it changed', async () => {
    const sent = stubServer(() => json(folder, 201));
    const reloaded: string[] = [];
    const state = stateHolder();
    const answer = await runMutation(
      () => callEndpoint(tableauApi.updateFolder, { params: { id: 'f1' }, body: { name: 'Taster' } }),
      [{ reload: () => reloaded.push('folders') }, { reload: () => reloaded.push('all folders') }],
      state.update,
    );
    expect(answer).toEqual(folder);
    expect(sent).toEqual([
      { method: 'PUT', url: 'http://portal.test/api/folders/f1', body: '{"name":"Taster"}' },
    ]);
    expect(reloaded).toEqual(['folders', 'all folders']);
    expect(state.seen.map((seen) => seen.running)).toEqual([1, 0]);
    expect(state.get()).toEqual(idleMutation);
  });

  it('keeps a refusal as an ApiRequestError with the server body, throws it on and reloads nothing', async () => {
    stubServer(() => json({ message: 'Folder not found' }, 404));
    const reload = vi.fn();
    const state = stateHolder();
    const failed = runMutation(
      () => callEndpoint(tableauApi.removeFolder, { params: { id: 'gone' } }),
      [{ reload }],
      state.update,
    );
    await expect(failed).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failed).rejects.toMatchObject({ status: 404, body: { message: 'Folder not found' } });
    expect(reload).not.toHaveBeenCalled();
    expect(state.get().running).toBe(0);
    expect(state.get().error?.status).toBe(404);
  });

  it('counts writes that overlap: pending until the last answered; the next write clears the error', async () => {
    const state = stateHolder();
    let finishFirst: (value: string) => void = () => {};
    const first = runMutation(
      () => new Promise<string>((resolve) => (finishFirst = resolve)),
      [],
      state.update,
    );
    const second = runMutation(
      () => Promise.reject(new ApiRequestError(0, { message: 'Failed to fetch' })),
      [],
      state.update,
    );
    await expect(second).rejects.toMatchObject({ isUnreachable: true });
    expect(state.get().running).toBe(1);
    expect(state.get().error?.status).toBe(0);
    finishFirst('done');
    expect(await first).toBe('done');
    expect(state.get().running).toBe(0);
    await runMutation(async () => 'again', [], state.update);
    expect(state.get().error).toBeNull();
  });

  it('passes call options on, such as an Idempotency-Key', async () => {
    const keys: Array<string | null> = [];
    stubServer((request) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return json(folder, 201);
    });
    await runMutation(
      () =>
        callEndpoint(
          tableauApi.registerFolder,
          { body: { name: 'Taster', isPublic: false } },
          { headers: { 'Idempotency-Key': 'folder-1' } },
        ),
      [],
      stateHolder().update,
    );
    expect(keys).toEqual(['folder-1']);
  });
});
