import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * PostgreSQL's own client programs for the backup (docs/backup.md#postgresql): `pg_dump` of the
 * server's major version or newer (an older one refuses to dump a newer server). Debian keeps each
 * installed major in `/usr/lib/postgresql/<major>/bin/`; the one on PATH is Debian's wrapper or a
 * plain install. The exact major is preferred, else the oldest newer one.
 */
export interface PostgresClient {
  pgDump: string;
  pgRestore: string;
  /** The server's version, e.g. `15.20`. */
  serverVersion: string;
}

const DEBIAN_VERSIONS_DIR = '/usr/lib/postgresql';

function majorOf(program: string): number | null {
  try {
    const out = execFileSync(program, ['--version'], { encoding: 'utf8' });
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(out);
    return match?.[1] ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function candidates(name: string): { program: string; major: number }[] {
  const found: { program: string; major: number }[] = [];
  if (existsSync(DEBIAN_VERSIONS_DIR)) {
    for (const entry of readdirSync(DEBIAN_VERSIONS_DIR)) {
      const program = path.join(DEBIAN_VERSIONS_DIR, entry, 'bin', name);
      const major = existsSync(program) ? majorOf(program) : null;
      if (major !== null) found.push({ program, major });
    }
  }
  const onPath = majorOf(name);
  if (onPath !== null) found.push({ program: name, major: onPath });
  return found;
}

function pick(name: string, serverMajor: number): string {
  const usable = candidates(name)
    .filter((c) => c.major >= serverMajor)
    .sort((a, b) => a.major - b.major);
  const chosen = usable[0];
  if (!chosen) {
    throw new Error(
      `No ${name} of PostgreSQL ${serverMajor} or newer. On Debian: apt-get install postgresql-client-${serverMajor}` +
        ` (bash tools/ensure-debian.sh ${name} postgresql-client installs the distribution's own; other majors come from apt.postgresql.org).`,
    );
  }
  return chosen.program;
}

/** The server's version (one query) and the client programs that match it. */
export async function postgresClientFor(url: string): Promise<PostgresClient> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let serverVersion: string;
  let serverNum: number;
  try {
    const { rows } = await client.query<{ v: string; n: string }>(
      "select current_setting('server_version') as v, current_setting('server_version_num') as n",
    );
    serverVersion = rows[0]?.v ?? '';
    serverNum = Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
  const major = Math.floor(serverNum / 10_000);
  return { pgDump: pick('pg_dump', major), pgRestore: pick('pg_restore', major), serverVersion };
}
