import type { Language } from '../../../contract/constants';
import type { User, UserSettings } from '../../../contract/schemas/user';
import { isApiRequestError } from '../api/api-error';
import { activateLanguage, isLanguage } from '../i18n/i18n';
import { getSession, updateSessionUser } from '../session/session';
import { storage } from '../store';
import { applyLayoutSettings } from './layout-settings';

/**
 * The signed-in user's choices the server has not confirmed yet, with his id: a reload right
 * after a choice keeps it and sends it then. A sign-out drops it (`dropUnsavedSettings`).
 */
const UNSAVED_KEY = 'lift-portal.unsaved-settings';

/**
 * Choices not sent yet, the ones on their way, whose they are, and the chain of saves: one save at
 * a time, so the server keeps the last choice (two at once could arrive in either order), and quick
 * choices go out together. They are the signed-in user's only, never sent for the next user.
 */
let owner: string | null = null;
let unsent: UserSettings = {};
let sending: UserSettings = {};
let saving: Promise<void> = Promise.resolve();

/**
 * Counts the choices made on this page and when each setting was chosen last: settings the server
 * sends in answer to a sign-in asked for before a choice are older than it and must not undo it.
 */
let choices = 0;
const chosen = new Map<keyof UserSettings, { at: number; value: UserSettings[keyof UserSettings] }>();

function noteChoice(change: UserSettings): void {
  choices += 1;
  for (const [key, value] of Object.entries(change) as [
    keyof UserSettings,
    UserSettings[keyof UserSettings],
  ][]) {
    chosen.set(key, { at: choices, value });
  }
}

/** To be taken before asking the server for the user's settings (sign-in, token trade); see `applySavedUserSettings`. */
export const choiceMark = (): number => choices;

const signedInUserId = (): string | null => getSession().claims?.sub ?? null;

function storeUnsaved(): void {
  const settings = { ...sending, ...unsent };
  storage.write(
    UNSAVED_KEY,
    owner && Object.keys(settings).length > 0 ? JSON.stringify({ userId: owner, settings }) : null,
  );
}

function readUnsaved(userId: string): UserSettings {
  try {
    const stored = JSON.parse(storage.read(UNSAVED_KEY) ?? 'null') as {
      userId?: unknown;
      settings?: unknown;
    } | null;
    // Our own copy: what it holds is checked where it is applied (isLanguage, mergeLayout) and by the server.
    return stored?.userId === userId && typeof stored.settings === 'object' && stored.settings !== null
      ? (stored.settings as UserSettings)
      : {};
  } catch {
    return {};
  }
}

/** The session ended: choices left unsaved were this user's, not the next one's (session-services.ts). */
export function dropUnsavedSettings(): void {
  owner = null;
  unsent = {};
  sending = {};
  storage.write(UNSAVED_KEY, null);
}

/** Takes on what this device kept unsaved for `userId` (a reload since), once per page and user. */
function ownUnsaved(userId: string): void {
  if (owner === userId) return;
  owner = userId;
  unsent = readUnsaved(userId);
  sending = {};
}

/** Saves settings for the signed-in user so they follow him to other devices. */
function saveUserSettings(change: UserSettings): Promise<void> {
  const userId = signedInUserId();
  if (!userId) return saving;
  ownUnsaved(userId);
  unsent = { ...unsent, ...change };
  storeUnsaved();
  saving = saving.then(sendUnsent);
  return saving;
}

async function sendUnsent(): Promise<void> {
  // Signed out meanwhile (dropped then), another user since, or sent with the save before.
  const userId = owner;
  if (!userId || userId !== signedInUserId() || Object.keys(unsent).length === 0) return;
  sending = unsent;
  unsent = {};
  const settings: UserSettings = { ...getSession().user?.settings, ...sending };
  try {
    // Loaded here, not statically: a guest switching language on the sign-in page needs no HTTP client.
    const [{ call }, { profileApi }] = await Promise.all([
      import('../api/http'),
      import('../../../contract/api/profile'),
    ]);
    const updated = await call(profileApi.settings, { body: settings });
    if (owner === userId) {
      sending = {};
      storeUnsaved();
    }
    // Choices made while this save was on its way go next; the session shows them already.
    updateSessionUser({ ...updated, settings: { ...updated.settings, ...unsent } });
  } catch (error) {
    // The choice still holds on this device. Not answered (offline, server trouble): it stays
    // unsaved and goes with the next start; refused: the server will not take it.
    if (owner === userId) {
      if (!(isApiRequestError(error) && error.isRefusal)) unsent = { ...sending, ...unsent };
      sending = {};
      storeUnsaved();
    }
    console.warn('Could not save the user settings', error);
  }
}

export async function chooseLanguage(language: Language): Promise<void> {
  noteChoice({ language });
  // On its way before the catalog loads: a reload at once keeps the choice (activateLanguage
  // remembers it on the device at once too) and sends it then.
  void saveUserSettings({ language });
  await activateLanguage(language);
}

export function chooseLayout(change: Pick<UserSettings, 'navLayout' | 'navFolded'>): void {
  noteChoice(change);
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
  noteChoice({ animations });
  updateSessionUser({ ...user, settings: { ...user.settings, animations } });
  void saveUserSettings({ animations });
}

/**
 * On sign-in the user's saved settings win over this device's, except where the server has not
 * caught up with him: a choice made after `mark` (while the sign-in was on its way), and choices of
 * his it has not confirmed yet (a reload right after them), which are sent now.
 */
export async function applySavedUserSettings(user: User, mark: number): Promise<void> {
  const newer: UserSettings = {};
  for (const [key, { at, value }] of chosen) {
    if (at > mark) Object.assign(newer, { [key]: value });
  }
  ownUnsaved(user.id);
  const settings: UserSettings = { ...user.settings, ...sending, ...unsent, ...newer };
  updateSessionUser({ ...user, settings });
  if (Object.keys(unsent).length > 0) saving = saving.then(sendUnsent);
  applyLayoutSettings(settings);
  if (isLanguage(settings.language)) await activateLanguage(settings.language);
}
