import { NAV_LAYOUTS, type NavLayout } from '../../../contract/constants';
import type { UserSettings } from '../../../contract/schemas/user';
import { createStore, storage, useStore } from '../store';

const LAYOUT_KEY = 'lift-portal.layout';

export interface LayoutSettings {
  navLayout: NavLayout;
  /** The vertical side bar shows icons only (64 px instead of 280 px). */
  navFolded: boolean;
}

const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = { navLayout: 'vertical', navFolded: false };

function readStoredLayout(): LayoutSettings {
  try {
    const stored = JSON.parse(storage.read(LAYOUT_KEY) ?? 'null') as Partial<LayoutSettings> | null;
    return mergeLayout(DEFAULT_LAYOUT_SETTINGS, stored ?? {});
  } catch {
    return DEFAULT_LAYOUT_SETTINGS;
  }
}

function mergeLayout(base: LayoutSettings, change: Partial<UserSettings>): LayoutSettings {
  return {
    navLayout:
      change.navLayout && (NAV_LAYOUTS as readonly string[]).includes(change.navLayout)
        ? change.navLayout
        : base.navLayout,
    navFolded: typeof change.navFolded === 'boolean' ? change.navFolded : base.navFolded,
  };
}

const layoutStore = createStore<LayoutSettings>(readStoredLayout);

export const useLayoutSettings = () => useStore(layoutStore);

/** Applies a change on this device; saving it for the user is up to the caller. */
export function applyLayoutSettings(change: Partial<UserSettings>): LayoutSettings {
  const next = mergeLayout(layoutStore.get(), change);
  storage.write(LAYOUT_KEY, JSON.stringify(next));
  layoutStore.set(next);
  return next;
}

export function resetLayoutSettings(): void {
  storage.write(LAYOUT_KEY, null);
  layoutStore.set(DEFAULT_LAYOUT_SETTINGS);
}
