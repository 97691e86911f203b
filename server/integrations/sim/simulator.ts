import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DAY_MS, HOUR_MS } from '../../../contract/time';
import { seededRandom } from '../../lib/seeded-random';

/**
 * A stand-in for the 1NCE Management API (docs/sims.md): the same paths, headers, shapes and
 * error bodies as the published reference (SIM Management v1 and the OAuth token endpoint), on its
 * own loopback HTTP listener. The portal starts it when `SIM_PROVIDER` is unset or `simulator`
 * and talks to it through the same client as to 1NCE; the client's tests run against it.
 *
 * Tests steer it: `failNext` answers the next calls with a status (429, 500, 404 ...),
 * `revokeTokens` makes every issued token answer 401, and the clock is injectable so a token's
 * 3600 s can pass at once.
 */

export interface SimulatorCardInput {
  iccid: string;
  imsi?: string;
  msisdn?: string;
  imei?: string | null;
  imeiLock?: boolean;
  status?: 'Enabled' | 'Disabled';
  activationDate?: string;
  ipAddress?: string;
  label?: string | null;
  /** The current data quota in MB and what of it is left. */
  dataTotalMb: number;
  dataLeftMb: number;
  smsTotal?: number;
  smsLeft?: number;
}

interface SimulatorEvent {
  timestamp: string;
  event_type: string;
  event_severity: string;
  alert: boolean;
}

interface SimulatorCard extends Required<Omit<SimulatorCardInput, 'imei' | 'label'>> {
  imei: string | null;
  label: string | null;
  expiryDate: string;
  /** MB used a day, by `YYYY-MM-DD`. */
  usage: Map<string, number>;
  /** SMS sent to the device a day, by `YYYY-MM-DD`. */
  smsUsage: Map<string, number>;
  events: SimulatorEvent[];
}

export interface SimSimulatorOptions {
  clientId: string;
  clientSecret: string;
  /** Lifetime of an issued token in seconds (1NCE: 3600). */
  tokenTtlSeconds?: number;
  now?: () => number;
  cards?: SimulatorCardInput[];
}

export interface SimSimulator {
  /** The API's base, as `ONCE_API_URL` would be: `http://127.0.0.1:<port>/management-api`. */
  url: string;
  close(): Promise<void>;
  /** Adds cards, or replaces the quota figures of known ones. */
  upsert(cards: SimulatorCardInput[]): void;
  /** Takes cards off the account, as when they are terminated or moved to another customer. */
  remove(iccids: string[]): void;
  /** Data used by the card's device: taken off its quota and counted in today's usage. */
  addUsage(iccid: string, mb: number): void;
  /** The remaining data of a card in MB, or undefined for an unknown card. */
  dataLeftMb(iccid: string): number | undefined;
  /** The next `count` calls of the SIM API (not the token endpoint) answer `status` with `body`. */
  failNext(count: number, status: number, body?: unknown): void;
  /** Every token issued so far answers 401 from now on, as if the provider had ended them. */
  revokeTokens(): void;
  readonly stats: { tokensIssued: number; requests: number; failuresServed: number };
}

const BASE_PATH = '/management-api';
/** The provider's maximum page size of the SIM list and of SMS lists. */
const MAX_PAGE_SIZE = 100;
const MAX_EVENT_PAGE_SIZE = 1000;
const USAGE_MONTHS_MS = 183 * DAY_MS;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round = (value: number, digits = 6) => Number(value.toFixed(digits));

/** A card's own random source, seeded by its text, so its history looks the same on every start. */
const seeded = (text: string) =>
  seededRandom([...text].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0, 7));

/** The ICCID's Luhn check digit appended, as the provider's `iccid_with_luhn`. */
export function withLuhn(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** `quota_status.id`: 0 more than 20 % left, 1 below 20 %, 2 nothing left. */
function quotaStatus(left: number, total: number) {
  if (left <= 0) return { id: 2, description: 'Quota exhausted' };
  if (total > 0 && left / total < 0.2) return { id: 1, description: 'Less than 20% available' };
  return { id: 0, description: 'More than 20% available' };
}

function json(
  response: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    ...(body === undefined ? {} : { 'content-type': 'application/json;charset=UTF-8' }),
    ...headers,
  });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

/** The error body of the provider's gateway: `{ statusCode, errorCode, message }`. */
const failure = (status: number, errorCode: string, message: string) => ({
  statusCode: status,
  errorCode,
  message,
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSimSimulator(options: SimSimulatorOptions): Promise<SimSimulator> {
  const now = options.now ?? Date.now;
  const ttlMs = (options.tokenTtlSeconds ?? 3600) * 1000;
  const tokens = new Map<string, number>();
  const cards = new Map<string, SimulatorCard>();
  const injected: { status: number; body: unknown }[] = [];
  const stats = { tokensIssued: 0, requests: 0, failuresServed: 0 };

  function createCard(input: SimulatorCardInput): SimulatorCard {
    const rnd = seeded(input.iccid);
    const serial = input.iccid.slice(-8);
    const activated =
      input.activationDate ?? new Date(now() - (200 + Math.floor(rnd() * 500)) * DAY_MS).toISOString();
    const card: SimulatorCard = {
      iccid: input.iccid,
      imsi: input.imsi ?? `9014051${serial}`,
      msisdn: input.msisdn ?? `8823851${serial}`,
      imei: input.imei ?? null,
      imeiLock: input.imeiLock ?? false,
      status: input.status ?? 'Enabled',
      activationDate: activated,
      ipAddress:
        input.ipAddress ??
        `10.${Number(serial.slice(0, 2)) % 250}.${Number(serial.slice(2, 5)) % 250}.${Number(serial.slice(5)) % 250}`,
      label: input.label ?? null,
      dataTotalMb: input.dataTotalMb,
      dataLeftMb: Math.max(0, Math.min(input.dataLeftMb, input.dataTotalMb)),
      smsTotal: input.smsTotal ?? 250,
      smsLeft: input.smsLeft ?? input.smsTotal ?? 250,
      expiryDate: new Date(Date.parse(activated) + 10 * 365 * DAY_MS).toISOString(),
      usage: new Map(),
      smsUsage: new Map(),
      events: [
        {
          timestamp: activated,
          event_type: "Status of SIM changed from 'Issued' to 'Activated'",
          event_severity: 'Info',
          alert: false,
        },
      ],
    };
    // A plausible month behind it: the portal only shows it, so it need not add up to the quota.
    const used = card.dataTotalMb - card.dataLeftMb;
    for (let back = 45; back >= 1; back -= 1) {
      const share = used > 0 ? (used / 400) * (0.4 + rnd() * 1.2) : 0;
      card.usage.set(day(now() - back * DAY_MS), round(share));
    }
    for (let back = 20; back >= 1; back -= 4) {
      card.events.push({
        timestamp: new Date(now() - back * DAY_MS - Math.floor(rnd() * DAY_MS)).toISOString(),
        event_type: rnd() < 0.5 ? 'Update location' : 'Create PDP Context',
        event_severity: 'Info',
        alert: false,
      });
    }
    return card;
  }

  function upsert(inputs: SimulatorCardInput[]) {
    for (const input of inputs) {
      const known = cards.get(input.iccid);
      if (known) {
        known.dataTotalMb = input.dataTotalMb;
        known.dataLeftMb = Math.max(0, Math.min(input.dataLeftMb, input.dataTotalMb));
      } else {
        cards.set(input.iccid, createCard(input));
      }
    }
  }
  upsert(options.cards ?? []);

  const toSim = (card: SimulatorCard) => ({
    iccid: card.iccid,
    iccid_with_luhn: withLuhn(card.iccid),
    imsi: card.imsi,
    msisdn: card.msisdn,
    imei: card.imei ?? '',
    imei_lock: card.imeiLock,
    status: card.status,
    activation_date: card.activationDate,
    ip_address: card.ipAddress,
    current_quota: card.dataTotalMb,
    quota_status: quotaStatus(card.dataLeftMb, card.dataTotalMb),
    current_quota_SMS: card.smsTotal,
    quota_status_SMS: quotaStatus(card.smsLeft, card.smsTotal),
    label: card.label ?? '',
  });

  const quota = (left: number, total: number, expiry: string) => ({
    volume: round(left),
    total_volume: total,
    expiry_date: expiry,
    last_volume_added: total,
    last_status_change_date: new Date(now() - DAY_MS).toISOString(),
    threshold_percentage: 20,
  });

  function pageParams(url: URL, max: number): { page: number; pageSize: number } | string {
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
    if (!Number.isInteger(page) || page < 1) return 'page must be a whole number of at least 1';
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > max) {
      return `pageSize must be a whole number from 1 to ${max}`;
    }
    return { page, pageSize };
  }

  const pagingHeaders = (page: number, pageSize: number, total: number) => ({
    'X-Count-Per-Page': String(pageSize),
    'X-Current-Page': String(page),
    'X-Total-Count': String(total),
    'X-Total-Pages': String(Math.max(1, Math.ceil(total / pageSize))),
  });

  async function issueToken(request: IncomingMessage, response: ServerResponse) {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'basic' || !encoded) {
      return json(
        response,
        400,
        failure(400, 'AuthValidationError', "Auth header validation error: Missing attributes 'username'"),
      );
    }
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    const username = decoded.slice(0, separator);
    const password = decoded.slice(separator + 1);
    if (separator < 0 || !password) {
      return json(
        response,
        400,
        failure(400, 'AuthValidationError', "Auth header validation error: Missing attributes 'password'"),
      );
    }
    const text = await readBody(request);
    const type = request.headers['content-type'] ?? '';
    let grantType: unknown;
    if (type.includes('application/json')) {
      try {
        grantType = (JSON.parse(text) as { grant_type?: unknown }).grant_type;
      } catch {
        grantType = undefined;
      }
    } else if (type.includes('application/x-www-form-urlencoded')) {
      grantType = new URLSearchParams(text).get('grant_type');
    } else {
      return json(response, 400, failure(400, 'UnsupportedContentTypeError', 'Content-Type not supported'));
    }
    if (grantType !== 'client_credentials') {
      return json(
        response,
        400,
        failure(400, 'BodyValidationError', "Request body validation error: Missing attributes 'grant_type'"),
      );
    }
    if (username !== options.clientId || password !== options.clientSecret) {
      return json(response, 400, failure(400, 'BadCredentials', 'User does not exist.'));
    }
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, now() + ttlMs);
    stats.tokensIssued += 1;
    return json(response, 200, {
      status_code: 200,
      access_token: token,
      token_type: 'bearer',
      expires_in: ttlMs / 1000,
      userId: options.clientId,
      scope: 'all',
    });
  }

  async function handleSims(request: IncomingMessage, response: ServerResponse, url: URL, rest: string) {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    const expiresAt = scheme?.toLowerCase() === 'bearer' && token ? tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= now()) {
      return json(response, 401, failure(401, 'Unauthorized', 'Unauthorized'));
    }
    const forced = injected.shift();
    if (forced) {
      stats.failuresServed += 1;
      return json(
        response,
        forced.status,
        forced.body ?? failure(forced.status, 'InjectedFailure', `Simulated failure ${forced.status}`),
        forced.status === 429 || forced.status === 503 ? { 'Retry-After': '0' } : {},
      );
    }

    const method = request.method ?? 'GET';
    if (rest === '' && method === 'GET') {
      const paging = pageParams(url, MAX_PAGE_SIZE);
      if (typeof paging === 'string') return json(response, 400, failure(400, 'BadRequest', paging));
      const all = [...cards.values()].sort((a, b) => a.iccid.localeCompare(b.iccid));
      const slice = all.slice((paging.page - 1) * paging.pageSize, paging.page * paging.pageSize);
      return json(response, 200, slice.map(toSim), pagingHeaders(paging.page, paging.pageSize, all.length));
    }

    const match = /^\/(\d{1,22})(\/.*)?$/.exec(rest);
    const card = match ? cards.get(match[1] ?? '') : undefined;
    if (!match || !card) return json(response, 404, failure(404, 'NotFound', 'SIM not found.'));
    const sub = match[2] ?? '';
    const at = now();

    if (method === 'GET' && sub === '') return json(response, 200, toSim(card));
    if (method === 'GET' && sub === '/quota/data') {
      return json(response, 200, quota(card.dataLeftMb, card.dataTotalMb, card.expiryDate));
    }
    if (method === 'GET' && sub === '/quota/sms') {
      return json(response, 200, quota(card.smsLeft, card.smsTotal, card.expiryDate));
    }
    if (method === 'GET' && sub === '/status') {
      const online = card.status === 'Enabled' && card.dataLeftMb > 0;
      return json(response, 200, {
        status: online ? 'ONLINE' : 'OFFLINE',
        location: {
          iccid: card.iccid,
          imsi: card.imsi,
          last_updated: new Date(at - HOUR_MS).toISOString(),
          operator: { id: '2', name: 'Telekom', country: { id: '74', name: 'Germany', 'iso-code': 'de' } },
          country: { country_id: '74', name: 'Germany', country_code: '49', mcc: '262', 'iso-code': 'de' },
        },
        pdp_context: online
          ? {
              imsi: card.imsi,
              created: new Date(at - 7_200_000).toISOString(),
              mcc: '262',
              mnc: '01',
              ue_ip_address: card.ipAddress,
              rat_type: { rat_type_id: '6', description: '4G' },
            }
          : undefined,
        services: online ? ['GPRS', 'SMS'] : [],
      });
    }
    if (method === 'GET' && sub === '/connectivity_info') {
      return json(response, 200, {
        subscriber_info: {
          success: true,
          state: 'provided',
          location: { current_location_retrieved: true, age_of_location: 2 },
        },
        request_timestamp: new Date(at).toISOString(),
        reply_timestamp: new Date(at + 120).toISOString(),
      });
    }
    if (method === 'GET' && sub === '/usage') {
      const start = url.searchParams.get('start_dt') ?? '';
      const end = url.searchParams.get('end_dt') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end)) {
        return json(
          response,
          400,
          failure(400, 'BadRequest', 'start_dt and end_dt must be dates in the format YYYY-MM-DD'),
        );
      }
      const from = Math.max(Date.parse(start), at - USAGE_MONTHS_MS);
      const to = Date.parse(end);
      if (!(to >= from))
        return json(response, 400, failure(400, 'BadRequest', 'end_dt must not be before start_dt'));
      const stats: unknown[] = [];
      for (let time = from; time <= to; time += DAY_MS) {
        const date = day(time);
        const mb = card.usage.get(date) ?? 0;
        const sms = card.smsUsage.get(date) ?? 0;
        stats.push({
          date: `${date}T00:00:00.000Z`,
          data: {
            volume: String(round(mb)),
            volume_rx: String(round(mb * 0.35)),
            volume_tx: String(round(mb * 0.65)),
            traffic_type: { description: 'Data', id: 5, unit: 'MB' },
          },
          sms: {
            volume: String(sms),
            volume_rx: '0',
            volume_tx: String(sms),
            traffic_type: { description: 'SMS', id: 6, unit: 'SMS' },
          },
        });
      }
      return json(response, 200, { stats });
    }
    if (method === 'GET' && sub === '/events') {
      const paging = pageParams(url, MAX_EVENT_PAGE_SIZE);
      if (typeof paging === 'string') return json(response, 400, failure(400, 'BadRequest', paging));
      // Newest first; of two at the same time, the later one first.
      const sorted = card.events
        .map((event, index) => ({ event, index }))
        .sort((a, b) => b.event.timestamp.localeCompare(a.event.timestamp) || b.index - a.index)
        .map(({ event }) => event);
      const slice = sorted.slice((paging.page - 1) * paging.pageSize, paging.page * paging.pageSize);
      const events = slice.map((event) => ({
        ...event,
        iccid: card.iccid,
        imsi: card.imsi,
        country: 'Germany',
        operator: 'Telekom',
        mcc: '262',
        mnc: '01',
      }));
      const headers = pagingHeaders(paging.page, paging.pageSize, sorted.length);
      return json(
        response,
        200,
        { events, totalEvents: sorted.length, totalPages: Number(headers['X-Total-Pages']) },
        headers,
      );
    }
    if (method === 'POST' && sub === '/reset') {
      card.events.push({
        timestamp: new Date(at).toISOString(),
        event_type: 'Connectivity reset requested',
        event_severity: 'Info',
        alert: false,
      });
      return json(response, 201);
    }
    if (method === 'POST' && sub === '/sms') {
      let payload: unknown;
      try {
        payload = (JSON.parse(await readBody(request)) as { payload?: unknown }).payload;
      } catch {
        payload = undefined;
      }
      if (typeof payload !== 'string' || payload.length === 0 || payload.length > 160) {
        return json(
          response,
          400,
          failure(
            400,
            'BodyValidationError',
            "Request body validation error: 'payload' must be 1 to 160 characters",
          ),
        );
      }
      if (card.smsLeft <= 0)
        return json(response, 400, failure(400, 'QuotaExceeded', 'The SMS quota of this SIM is used up.'));
      card.smsLeft -= 1;
      card.smsUsage.set(day(at), (card.smsUsage.get(day(at)) ?? 0) + 1);
      card.events.push({
        timestamp: new Date(at).toISOString(),
        event_type: 'MT-SMS submitted',
        event_severity: 'Info',
        alert: false,
      });
      return json(response, 201);
    }
    return json(response, 404, failure(404, 'NotFound', 'Not Found'));
  }

  const server = createServer((request, response) => {
    stats.requests += 1;
    const url = new URL(request.url ?? '/', 'http://simulator');
    const path = url.pathname;
    const handle = async () => {
      if (path === `${BASE_PATH}/oauth/token` && request.method === 'POST')
        return issueToken(request, response);
      if (path === `${BASE_PATH}/v1/sims` || path.startsWith(`${BASE_PATH}/v1/sims/`)) {
        return handleSims(request, response, url, path.slice(`${BASE_PATH}/v1/sims`.length));
      }
      return json(response, 404, failure(404, 'NotFound', 'Not Found'));
    };
    handle().catch(() => {
      if (!response.headersSent)
        json(response, 500, failure(500, 'InternalServerError', 'Internal Server Error'));
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${BASE_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    upsert,
    remove(iccids) {
      for (const iccid of iccids) cards.delete(iccid);
    },
    addUsage(iccid, mb) {
      const card = cards.get(iccid);
      if (!card || mb <= 0) return;
      const used = Math.min(mb, card.dataLeftMb);
      card.dataLeftMb = round(card.dataLeftMb - used);
      const today = day(now());
      card.usage.set(today, round((card.usage.get(today) ?? 0) + mb));
    },
    dataLeftMb: (iccid) => cards.get(iccid)?.dataLeftMb,
    failNext(count, status, body) {
      for (let i = 0; i < count; i += 1) injected.push({ status, body });
    },
    revokeTokens: () => tokens.clear(),
    stats,
  };
}
