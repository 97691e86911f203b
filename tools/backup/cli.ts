/**
 * Backup and restore of a stopped portal (docs/backup.md), with the portal's own environment:
 *
 *   npm run backup -- --to <dir>
 *   npm run restore -- --from <dir> [--force]
 *
 * It reads DATA_DIR (default ./data), DATABASE_URL and AZURE_STORAGE_CONNECTION_STRING as the
 * portal does (README.md#configuration), and nothing else: AUTH_SECRET and the other secrets of the
 * environment are not part of a backup.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BackupRefusal,
  type BackupSummary,
  backupPortal,
  type PortalLocation,
  restorePortal,
} from './backup';

const USAGE = 'usage: tsx tools/backup/cli.ts backup --to <dir> | restore --from <dir> [--force]';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    to: { type: 'string' },
    from: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

const location: PortalLocation = {
  dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
  databaseUrl: nonEmpty(process.env.DATABASE_URL),
  azureStorageConnectionString: nonEmpty(process.env.AZURE_STORAGE_CONNECTION_STRING),
};

function describe(summary: BackupSummary, verb: string, dir: string) {
  const { manifest } = summary;
  const mb = (summary.bytes / 1024 / 1024).toFixed(1);
  console.info(
    `${verb} ${dir}: ${manifest.database.kind} database, ${summary.blobs} blobs (${mb} MB) in ` +
      `${manifest.storage.containers.length} containers, ${manifest.dataFiles.length} files of DATA_DIR`,
  );
}

async function main() {
  const [command] = positionals;
  if (command === 'backup' && args.to) {
    const dir = path.resolve(args.to);
    describe(await backupPortal(location, dir), 'backed up into', dir);
  } else if (command === 'restore' && args.from) {
    const dir = path.resolve(args.from);
    describe(await restorePortal(location, dir, { force: args.force }), 'restored from', dir);
  } else {
    console.error(USAGE);
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupRefusal ? error.message : error);
  process.exit(1);
});
