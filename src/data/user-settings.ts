import type { Language } from '../../contract/constants';
import type { UserSettings } from '../../contract/schemas/user';
import { activateLanguage, isLanguage } from './i18n';
import { applyLayoutSettings } from './layout-settings';
import { getSession, isSignedIn, updateSessionUser } from './session';

/**
 * Choices not sent yet, and the chain of saves: one save at a time, so the server keeps the last
 * choice (two at once could arrive in either order), and quick choices go out together.
 */
let unsent: UserSettings = {};
let saving: Promise<void> = Promise.resolve();

/** Saves settings for the signed-in user so they follow him to other devices. */
function saveUserSettings(change: UserSettings): Promise<void> {
  if (!isSignedIn()) return saving;
  unsent = { ...unsent, ...change };
  saving = saving.then(sendUnsent);
  return saving;
}

async function sendUnsent(): Promise<void> {
  // Signed out meanwhile: the choices were this user's, not the next one's.
  if (!isSignedIn()) {
    unsent = {};
    return;
  }
  if (Object.keys(unsent).length === 0) return; // sent with the save before
  const sending = unsent;
  unsent = {};
  const settings: UserSettings = { ...getSession().user?.settings, ...sending };
  try {
    // Loaded here, not statically: a guest switching language on the sign-in page needs no HTTP client.
    const [{ call }, { profileApi }] = await Promise.all([
      import('./http'),
      import('../../contract/api/profile'),
    ]);
    const updated = await call(profileApi.settings, { body: settings });
    // Choices made while this save was on its way go next; the session shows them already.
    updateSessionUser({ ...updated, settings: { ...updated.settings, ...unsent } });
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
