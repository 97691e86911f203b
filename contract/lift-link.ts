/**
 * What a scanned code says (docs/today.md#the-sticker-scanned): the lift stickers
 * (server/modules/maintenance/stickers.ts) carry `<PUBLIC_URL>/apps/lift/lifts/<id>`.
 */

/** The path of a lift's page, as the stickers print it. */
export const LIFT_PAGE_PREFIX = '/apps/lift/lifts/';

export const liftPagePath = (liftId: string) => `${LIFT_PAGE_PREFIX}${liftId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The lift id a scanned text names, or null when it is no lift's code. A sticker's link counts
 * whatever its host: `PUBLIC_URL` need not be the address the app is opened at (a proxy, a renamed
 * host), and the id alone opens only a lift the user may see. A bare id counts too.
 */
export function liftIdFromScan(text: string): string | null {
  const scanned = text.trim();
  if (UUID.test(scanned)) return scanned.toLowerCase();
  let url: URL;
  try {
    url = new URL(scanned);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.pathname.startsWith(LIFT_PAGE_PREFIX)) return null;
  const [id = ''] = url.pathname.slice(LIFT_PAGE_PREFIX.length).split('/');
  return UUID.test(id) ? id.toLowerCase() : null;
}
