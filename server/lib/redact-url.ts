/** Query parameters that carry a secret or a sealed link token: their values never reach the log. */
const SECRET_PARAMETERS = new Set(['token', 'access_token', 'id', 'email', 'key']);
/** PWA routes whose path holds a sealed link token (a reset or an invitation link). */
const SECRET_PATHS = [/^(\/reset-password\/)[^/?#]+/, /^(\/register\/)[^/?#]+\/[^/?#]+/];
const REDACTED = '[redacted]';

/**
 * The URL as the request log may show it: unused reset and invitation links must not sit in log
 * files where anyone who reads them could use them (docs/api.md#limits-and-logging).
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name stays as it is; its value is hidden below anyway if it looks secret.
      }
      return equals !== -1 && SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
