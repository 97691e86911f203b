import { DEFAULT_SETTINGS, type Settings } from '../../contract/settings';
import { definePlugin } from '../lib/define-plugin';

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
}

function createSettingsService(initial: Settings = DEFAULT_SETTINGS): SettingsService {
  let settings = initial;
  const listeners = new Set<(settings: Settings) => void>();
  return {
    current: () => settings,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply(next) {
      settings = next;
      for (const listener of listeners) listener(next);
    },
  };
}

/** Until the stored document is read (issue 17's JSON settings), the defaults are in force. */
export const settingsPlugin = definePlugin('settings', async (app) => {
  app.decorate('settings', createSettingsService());
});
