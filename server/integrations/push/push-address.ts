import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the portal may send pushes (docs/alarms.md#push): a subscription's endpoint is an address
 * the browser chose, so without these rules anyone signed in could make the server call its own
 * network. Allowed are https endpoints whose host name resolves to public addresses only, checked
 * again on every connection (a name may resolve elsewhere later), and the hosts an operator names
 * in `PUSH_ALLOW_HOSTS` (a push service of his own, the tests' one on loopback).
 */

/** An entry of `PUSH_ALLOW_HOSTS`: a host name or address, with a port or any. */
export interface AllowedHost {
  /** As the WHATWG URL parser writes it: lower case, IPv6 in brackets. */
  hostname: string;
  port?: number;
}

/** Answers every address a name resolves to (dns.lookup by default; tests give their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** `host` or `host:port` (IPv6 in brackets); undefined when the entry is neither. */
export function parseAllowedHost(entry: string): AllowedHost | undefined {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^\s:/?#@[\]]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!match?.[1]) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  try {
    return { hostname: new URL(`http://${match[1]}`).hostname, port };
  } catch {
    return undefined;
  }
}

const defaultPort = (url: URL) => (url.protocol === 'https:' ? 443 : 80);

/** Whether the operator named the endpoint's host (and port, if he gave one): then http is fine too. */
function isAllowedHost(url: URL, allowed: readonly AllowedHost[]): boolean {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const port = url.port === '' ? defaultPort(url) : Number(url.port);
  return allowed.some(
    (host) => host.hostname === url.hostname && (host.port === undefined || host.port === port),
  );
}

/**
 * A globally routable unicast address. Everything ipaddr.js files under another range is refused:
 * loopback, private, link-local, unique-local, carrier-grade NAT, multicast, reserved, and the
 * IPv6 forms that carry an IPv4 address (mapped ones are judged as that IPv4 address).
 */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The host without the brackets of an IPv6 literal. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

type EndpointVerdict = 'allowed' | 'public' | 'refused';

/**
 * The verdict on an endpoint by its URL alone: a named host is `allowed`; otherwise only an https
 * URL with a host name (not an address) may go on to be resolved (`public` means: check its
 * addresses).
 */
export function judgeEndpointUrl(url: URL, allowed: readonly AllowedHost[]): EndpointVerdict {
  if (isAllowedHost(url, allowed)) return 'allowed';
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return 'refused';
  // An address in the URL is refused even when public: push services are reached by name, and
  // a literal would not pass through the checked lookup on connecting.
  if (isIP(bareHost(url)) !== 0) return 'refused';
  return 'public';
}

/** Whether an endpoint may be subscribed: allowed by name, or https whose name resolves to public addresses only. */
export async function mayPushTo(
  endpoint: string,
  allowed: readonly AllowedHost[],
  resolve: Resolve = systemResolve,
): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const verdict = judgeEndpointUrl(url, allowed);
  if (verdict !== 'public') return verdict === 'allowed';
  try {
    const addresses = await resolve(bareHost(url));
    return addresses.length > 0 && addresses.every((entry) => isPublicAddress(entry.address));
  } catch {
    return false; // a name that does not resolve is no push service either
  }
}

/** The error a connection fails with when its host resolves to an address that is not public. */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
  readonly code = 'EPUSHADDRESS';
}

/**
 * A `lookup` for net/tls connections that resolves with `resolve` and, with `publicOnly`, fails
 * unless every address is public: the socket connects only to an address checked here, so a name
 * resolving to an internal address by the time of sending (DNS rebinding) is refused too.
 */
export function checkedLookup(resolve: Resolve, publicOnly: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const addresses = family ? found.filter((entry) => entry.family === family) : found;
        const first = addresses[0];
        if (publicOnly && !found.every((entry) => isPublicAddress(entry.address))) {
          callback(new RefusedAddressError(`${hostname} resolves to an address that is not public`), '', 0);
        } else if (!first) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
