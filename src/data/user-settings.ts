import type { Language } from '../../contract/constants';
import type { UserSettings } from '../../contract/schemas/user';
import { activateLanguage, isLanguage } from './i18n';
import { applyLayoutSettings } from './layout-settings';
import { getSession, isSignedIn, updateSessionUser } from './session';

/** Counts saves: only the answer to the latest one updates the session (quick toggles). */
let saves = 0;

/** Saves settings for the signed-in user so they follow him to other devices. */
async function saveUserSettings(change: UserSettings): Promise<void> {
  const { user } = getSession();
  if (!isSignedIn()) return;
  const settings: UserSettings = { ...user?.settings, ...change };
  const save = ++saves;
  try {
    // Loaded here, not statically: a guest switching language on the sign-in page needs no HTTP client.
    const [{ call }, { profileApi }] = await Promise.all([
      import('./http'),
      import('../../contract/api/profile'),
    ]);
    const updated = await call(profileApi.settings, { body: settings });
    if (save === saves) updateSessionUser(updated);
  } catch (error) {
    // Offline or refused: the choice still holds on this device.
    console.warn('Could not save the user settings', error);
  }
}

export async function chooseLanguage(language: Language): Promise<void> {
  await activateLanguage(language);
  void saveUserSettings({ language });
}

export function chooseLayout(change: Pick<UserSettings, 'navLayout' | 'navFolded'>): void {
  applyLayoutSettings(change);
  void saveUserSettings(change);
}

/**
 * Animations on or off (docs/spec-texts.md#constants). The choice lives on the session's user, which the root element
 * follows at once (animation-settings.ts), and is saved for the user's other devices.
 */
export function chooseAnimations(animations: boolean): void {
  const { user } = getSession();
  if (!user) return;
  updateSessionUser({ ...user, settings: { ...user.settings, animations } });
  void saveUserSettings({ animations });
}

/** On sign-in the user's saved settings win over this device's. */
export async function applySavedUserSettings(settings: UserSettings | undefined): Promise<void> {
  if (!settings) return;
  applyLayoutSettings(settings);
  if (isLanguage(settings.language)) await activateLanguage(settings.language);
}
