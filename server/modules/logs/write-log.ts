import type { Database } from '../../db/client';
import { logs } from '../../db/schema/logs';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  source: 'server' | 'device';
  /** A stable name such as `device.connected` or `device.refused`. */
  event: string;
  message: string;
  liftId?: string | null;
  imei?: string | null;
  details?: Record<string, unknown> | null;
  /** Defaults to now. */
  at?: Date;
}

/** Records an event for the dev's log screen. NUL characters (unstorable in PostgreSQL) are dropped. */
export async function writeLog(db: Database, entry: LogEntry): Promise<void> {
  const clean = (text: string) => text.replaceAll('\u0000', '');
  await db.insert(logs).values({
    level: entry.level,
    source: entry.source,
    event: clean(entry.event).slice(0, 200),
    message: clean(entry.message).slice(0, 4000),
    liftId: entry.liftId ?? null,
    imei: entry.imei ? clean(entry.imei).slice(0, 64) : null,
    details: entry.details ? (withoutNul(entry.details) as Record<string, unknown>) : null,
    ...(entry.at ? { at: entry.at } : {}),
  });
}

function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [withoutNul(key), withoutNul(entry)]),
    );
  }
  return value;
}
