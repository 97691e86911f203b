/** Business constants of docs/spec-texts.md#constants and docs/api.md that both sides rely on. */

export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export const TOAST_DURATION_MS = 2000;
export const TOKEN_CHECK_INTERVAL_MS = 1000;
export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 60 * 60;

export const MIN_LOGIN_FIELD_LENGTH = 4;
export const MIN_DISPLAY_NAME_LENGTH = 4;

export const DEFAULT_LANDING_PATH = '/apps/dashboards/my-devices';

export const NAVBAR_WIDTH_PX = 280;
export const NAVBAR_FOLDED_WIDTH_PX = 64;
export const BOXED_LAYOUT_MAX_WIDTH_PX = 1280;
export const SHORTCUT_HOVER_DELAY_MS = 150;

/** docs/spec-texts.md#constants: animation durations; every duration is 0 while the user has animations turned off. */
export const ANIMATION_DURATION_MS = 1000;
export const HOVER_ANIMATION_DURATION_MS = 400;
export const ANIMATIONS_OFF_DURATION_MS = 0;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** Reading lists over many lifts count this far and then answer "more than" (contract/schemas/message.ts). */
export const MESSAGE_COUNT_CAP = 10_000;

export const DEVICE_RANGES = ['today', 'yesterday', 'last7Days', 'last28Days', 'last90Days'] as const;
export type DeviceRange = (typeof DEVICE_RANGES)[number];

export const NOTIFICATION_PREFERENCES = ['email/sms', 'email', 'sms', 'nothing'] as const;
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];

export const USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const NAV_LAYOUTS = ['vertical', 'horizontal'] as const;
export type NavLayout = (typeof NAV_LAYOUTS)[number];

/** The demo accounts of docs/architecture.md#seed-and-demo-mode, seeded on an empty database in demo mode. */
export const DEMO_PASSWORD = 'demo1234';

/** Passwords chosen at registration, reset or change. */
export const MIN_PASSWORD_LENGTH = 8;
/** Largest avatar image accepted (docs/spec-texts.md#validation-messages: jpeg, jpg, png, gif). */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
/** Cache Storage of the lift files kept on the device (src/data/files/file-cache.ts); emptied on sign-out. */
export const FILE_CACHE_NAME = 'lift-portal-files';
/** Most navigation items a user may pin as shortcuts. */
export const MAX_SHORTCUTS = 20;
/** Lifetimes of mailed links (invitation, password reset), in seconds. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
