import * as v from 'valibot';
import {
  ProviderConnectivityInfoSchema,
  ProviderConnectivitySchema,
  ProviderEventsSchema,
  type ProviderQuota,
  ProviderQuotaSchema,
  type ProviderSim,
  ProviderSimSchema,
  ProviderUsageSchema,
} from '../../../contract/schemas/sim';

/**
 * A client of the 1NCE Management API (SIM Management v1, docs/sims.md), used against the real
 * service (`SIM_PROVIDER=1nce`) and against the built-in simulator alike, over HTTP.
 *
 * - OAuth 2 client credentials: `POST {base}/oauth/token` with HTTP Basic (client id and secret)
 *   and `{"grant_type":"client_credentials"}`; the token (3600 s) is cached, renewed a minute
 *   before it ends, and renewed once when a call answers 401.
 * - 429 and 5xx (and a failed connection) are retried with exponential backoff, honouring
 *   `Retry-After`; any other failure throws a `SimProviderError` carrying the provider's message.
 */

export class SimProviderError extends Error {
  override name = 'SimProviderError';

  constructor(
    /** The provider's HTTP status; 0 when it could not be reached. */
    readonly status: number,
    /** The provider's own message, passed on to the caller (docs/spec-texts.md: SIM call failures). */
    message: string,
    /** The provider's answer body, parsed when it was JSON. */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export interface SimProviderClientOptions {
  /** The API's base, e.g. `https://api.1nce.com/management-api`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Retries of a 429, a 5xx or a failed connection before giving up (default 4). */
  retries?: number;
  /** The first wait before a retry, doubled each time unless the provider sends `Retry-After` (default 500 ms). */
  backoffMs?: number;
  /** A token is renewed this long before it ends (default 60 s). */
  renewBeforeMs?: number;
  /** Per request (default 20 s). */
  timeoutMs?: number;
  /** Injectable for tests: the clock, and how a wait is spent. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface SimPage {
  sims: ProviderSim[];
  totalCount: number;
  totalPages: number;
}

/** The most SIMs the provider lists on one page. */
export const PROVIDER_PAGE_SIZE_MAX = 100;

const TokenAnswerSchema = v.looseObject({
  access_token: v.pipe(v.string(), v.minLength(1)),
  expires_in: v.optional(v.number(), 3600),
});

type Query = Record<string, string | number | boolean | undefined>;

interface RequestOptions {
  query?: Query;
  body?: unknown;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** YYYY-MM-DD in UTC, the provider's date format for usage queries. */
export const providerDate = (date: Date) => date.toISOString().slice(0, 10);

/** The message of a provider failure: its `message` (or `errorMessage`, `error`), else the status line. */
function providerMessage(status: number, body: unknown, text: string): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'errorMessage', 'error', 'errorCode']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 500);
    }
  }
  if (text.trim()) return text.trim().slice(0, 500);
  return `The SIM provider answered ${status}`;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type SimProviderClient = ReturnType<typeof createSimProviderClient>;

export function createSimProviderClient(options: SimProviderClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const retries = options.retries ?? 4;
  const backoffMs = options.backoffMs ?? 500;
  const renewBeforeMs = options.renewBeforeMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  /** One HTTP exchange with retries of 429, 5xx and failed connections. */
  async function exchange(url: string, init: RequestInit): Promise<{ response: Response; text: string }> {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        if (attempt >= retries) {
          throw new SimProviderError(0, `The SIM provider cannot be reached: ${(error as Error).message}`);
        }
        await sleep(backoffMs * 2 ** attempt);
        continue;
      }
      const text = await response.text();
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable || attempt >= retries) return { response, text };
      const header = response.headers.get('retry-after');
      const retryAfter = header === null || header.trim() === '' ? Number.NaN : Number(header);
      // Seconds as the provider sends them, at most a minute; otherwise doubling from `backoffMs`.
      await sleep(
        Number.isFinite(retryAfter) && retryAfter >= 0
          ? Math.min(retryAfter, 60) * 1000
          : backoffMs * 2 ** attempt,
      );
    }
  }

  async function fetchToken(): Promise<string> {
    const { response, text } = await exchange(`${base}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    const body = parseBody(text);
    if (!response.ok)
      throw new SimProviderError(response.status, providerMessage(response.status, body, text), body);
    const parsed = v.safeParse(TokenAnswerSchema, body);
    if (!parsed.success) throw new SimProviderError(502, 'The SIM provider sent no access token', body);
    cached = { token: parsed.output.access_token, expiresAt: now() + parsed.output.expires_in * 1000 };
    return cached.token;
  }

  /** The cached token while it has more than `renewBeforeMs` left; one renewal at a time. */
  function token(): Promise<string> {
    if (cached && cached.expiresAt - renewBeforeMs > now()) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function request(
    method: 'GET' | 'POST',
    path: string,
    { query, body }: RequestOptions = {},
  ): Promise<{ response: Response; body: unknown }> {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const send = async (bearer: string) =>
      exchange(url.toString(), {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    let used = await token();
    let { response, text } = await send(used);
    if (response.status === 401) {
      // The provider may end a token early: renew it once and try again.
      if (cached?.token === used) cached = null;
      used = await token();
      ({ response, text } = await send(used));
    }
    const parsed = parseBody(text);
    if (!response.ok) {
      throw new SimProviderError(response.status, providerMessage(response.status, parsed, text), parsed);
    }
    return { response, body: parsed };
  }

  /** A provider answer checked against the shape the portal reads. */
  function shaped<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
    const parsed = v.safeParse(schema, body);
    if (!parsed.success) throw new SimProviderError(502, 'The SIM provider sent an unexpected answer', body);
    return parsed.output;
  }

  const sim = (iccid: string) => `/v1/sims/${encodeURIComponent(iccid)}`;
  const headerNumber = (response: Response, name: string) => {
    const value = Number(response.headers.get(name));
    return Number.isFinite(value) ? value : 0;
  };

  async function listSims(page: number, pageSize = PROVIDER_PAGE_SIZE_MAX): Promise<SimPage> {
    const { response, body } = await request('GET', '/v1/sims', {
      query: { page, pageSize: Math.min(pageSize, PROVIDER_PAGE_SIZE_MAX) },
    });
    const sims = shaped(v.array(ProviderSimSchema), body);
    return {
      sims,
      totalCount: headerNumber(response, 'x-total-count'),
      totalPages: headerNumber(response, 'x-total-pages'),
    };
  }

  return {
    listSims,

    /** Every SIM of the account, page by page (the provider's total pages in `X-Total-Pages`). */
    async listAllSims(onPage?: (page: SimPage, pageNumber: number) => void): Promise<ProviderSim[]> {
      const all: ProviderSim[] = [];
      for (let page = 1; ; page += 1) {
        const result = await listSims(page);
        all.push(...result.sims);
        onPage?.(result, page);
        if (page >= result.totalPages || result.sims.length === 0) return all;
      }
    },

    async getSim(iccid: string): Promise<ProviderSim> {
      return shaped(ProviderSimSchema, (await request('GET', sim(iccid))).body);
    },
    async getStatus(iccid: string) {
      return shaped(ProviderConnectivitySchema, (await request('GET', `${sim(iccid)}/status`)).body);
    },
    async getConnectivityInfo(iccid: string) {
      return shaped(
        ProviderConnectivityInfoSchema,
        (await request('GET', `${sim(iccid)}/connectivity_info`)).body,
      );
    },
    async getUsage(iccid: string, start: Date, end: Date) {
      const { body } = await request('GET', `${sim(iccid)}/usage`, {
        query: { start_dt: providerDate(start), end_dt: providerDate(end) },
      });
      return shaped(ProviderUsageSchema, body);
    },
    async getDataQuota(iccid: string): Promise<ProviderQuota> {
      return shaped(ProviderQuotaSchema, (await request('GET', `${sim(iccid)}/quota/data`)).body);
    },
    async getSmsQuota(iccid: string): Promise<ProviderQuota> {
      return shaped(ProviderQuotaSchema, (await request('GET', `${sim(iccid)}/quota/sms`)).body);
    },
    async getEvents(iccid: string, page = 1, pageSize = 50) {
      const { body } = await request('GET', `${sim(iccid)}/events`, {
        query: { page, pageSize, sort: '-timestamp' },
      });
      return shaped(ProviderEventsSchema, body);
    },
    /** Queued by the provider (201, no body). */
    async resetConnectivity(iccid: string): Promise<void> {
      await request('POST', `${sim(iccid)}/reset`);
    },
    /** An MT-SMS to the device (201, no body). */
    async sendSms(iccid: string, payload: string): Promise<void> {
      await request('POST', `${sim(iccid)}/sms`, { body: { source_address: '1234567890', payload } });
    },
  };
}
