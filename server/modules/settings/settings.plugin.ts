import { DEFAULT_SETTINGS, type Settings } from '../../../contract/settings';
import { checkSettingsText } from '../../../contract/settings-check';
import { definePlugin } from '../../lib/define-plugin';
import { createSettingsRepository } from './settings.repository';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

/** The settings document (contract/settings.ts) as every module reads it. */
export interface SettingsService {
  /** The document in force now, every key filled. */
  current(): Settings;
  /** Calls `listener` with the new document after each change; answers the unsubscribe. */
  onChange(listener: (settings: Settings) => void): () => void;
  /** Puts a new document in force (the JSON settings module, after it stored it). */
  apply(settings: Settings): void;
  /** Reads the newest stored version again and applies it when it is not the one in force. */
  reload(): Promise<void>;
  /** The id of the stored version in force; null while the defaults are. */
  versionId(): number | null;
}

export interface SettingsPluginOptions {
  /** How often another process's write is looked for (ms); 0 turns the poll off (tests). */
  pollMs?: number;
}

const DEFAULT_POLL_MS = 5_000;

/** The document in force per database, for code that is handed only `db` (lift and SIM mappers). */
const inForce = new WeakMap<object, () => Settings>();

/**
 * The settings in force for the app that owns `db` (the defaults before the plugin ran, as in unit
 * tests of a mapper): lets `toLifts` and the SIM mappers, called from many places with only the
 * database, read `sims.lowVolumePercent` without every caller passing it (docs/settings.md).
 */
export function settingsOf(db: object): Settings {
  return inForce.get(db)?.() ?? DEFAULT_SETTINGS;
}

/**
 * The stored document is read at start; a write or restore here applies it at once, and every
 * other process notices the new version by polling its id (one indexed `max()`, every few
 * seconds: cheaper to run than a LISTEN connection per process, and the same on PGlite).
 */
export const settingsPlugin = definePlugin<SettingsPluginOptions>('settings', async (app, options) => {
  const repository = createSettingsRepository(app.db);
  let settings = DEFAULT_SETTINGS;
  let versionId: number | null = null;
  const listeners = new Set<(settings: Settings) => void>();

  const apply = (next: Settings) => {
    settings = next;
    for (const listener of listeners) {
      try {
        listener(next);
      } catch (error) {
        app.log.error({ err: error }, 'settings listener failed');
      }
    }
  };

  const reload = async () => {
    const newest = await repository.newest();
    if (!newest || newest.id === versionId) return;
    const checked = checkSettingsText(newest.data);
    versionId = newest.id;
    // Stored versions passed the same check when written; one that no longer does (a key's rule
    // got stricter) leaves the defaults in force rather than stopping the server.
    if (!checked.ok) app.log.error({ versionId: newest.id }, 'stored settings no longer valid');
    apply(checked.ok ? checked.settings : DEFAULT_SETTINGS);
  };

  const service: SettingsService = {
    current: () => settings,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply,
    reload,
    versionId: () => versionId,
  };
  app.decorate('settings', service);
  inForce.set(app.db, () => settings);
  await reload();

  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  if (pollMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      repository
        .newestId()
        .then((id) => (id !== null && id !== versionId ? reload() : undefined))
        .catch((error: unknown) => app.log.warn({ err: error }, 'settings poll failed'))
        .finally(() => {
          running = false;
        });
    }, pollMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
});
